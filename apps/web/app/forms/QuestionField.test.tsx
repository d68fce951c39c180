// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FormField } from "@termin/contracts/form-fields";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { QuestionField } from "./QuestionField.tsx";

afterEach(cleanup);

const field = (overrides: Partial<FormField> & Pick<FormField, "type">): FormField => ({
  key: "q",
  label: "Question",
  required: true,
  ...overrides,
});

describe("QuestionField", () => {
  it("renders text, long text, number and date as labelled inputs with their help and limits", () => {
    renderWithI18n(
      <>
        <QuestionField field={field({ key: "a", type: "text", label: "Name", max: 20 })} value="Ma" error={undefined} />
        <QuestionField
          field={field({ key: "b", type: "long_text", label: "Notes", required: false })}
          value={undefined}
          error={undefined}
        />
        <QuestionField
          field={field({ key: "c", type: "number", label: "Age", min: 16, max: 120, help: "In years." })}
          value={undefined}
          error={undefined}
        />
        <QuestionField field={field({ key: "d", type: "date", label: "Born" })} value="1991-04-17" error={undefined} />
      </>,
    );
    const name = screen.getByLabelText(/Name/) as HTMLInputElement;
    expect([name.type, name.value, name.maxLength, name.required]).toEqual(["text", "Ma", 20, true]);
    expect(screen.getByLabelText("Notes").tagName).toBe("TEXTAREA");
    const age = screen.getByLabelText(/Age/) as HTMLInputElement;
    expect([age.type, age.min, age.max]).toEqual(["number", "16", "120"]);
    expect(age.getAttribute("aria-describedby")).toBe(screen.getByText("In years.").id);
    expect((screen.getByLabelText(/Born/) as HTMLInputElement).type).toBe("date");
  });

  it("groups choices and yes/no in a fieldset named by its legend, checked as posted", () => {
    renderWithI18n(
      <>
        <QuestionField
          field={field({ key: "s", type: "single_choice", label: "Skin", options: ["Dry", "Oily"] })}
          value="Oily"
          error={undefined}
        />
        <QuestionField
          field={field({ key: "m", type: "multiple_choice", label: "Areas", options: ["Face", "Back", "Legs"] })}
          value={["Face", "Legs"]}
          error={undefined}
        />
        <QuestionField field={field({ key: "y", type: "yes_no", label: "Allergies?" })} value="no" error={undefined} />
      </>,
    );
    const skin = screen.getByRole("group", { name: /Skin/ });
    expect((within(skin).getByLabelText("Oily") as HTMLInputElement).checked).toBe(true);
    expect((within(skin).getByLabelText("Dry") as HTMLInputElement).required).toBe(true);
    const areas = screen.getByRole("group", { name: /Areas.*\(required\)/ });
    const checked = within(areas)
      .getAllByRole("checkbox")
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => (box as HTMLInputElement).value);
    expect(checked).toEqual(["Face", "Legs"]);
    const allergies = screen.getByRole("group", { name: /Allergies\?/ });
    expect((within(allergies).getByLabelText("No") as HTMLInputElement).checked).toBe(true);
    expect((within(allergies).getByLabelText("Yes") as HTMLInputElement).value).toBe("yes");
  });

  it("shows an error at its question: aria-invalid and described by the message", () => {
    renderWithI18n(
      <>
        <QuestionField
          field={field({ key: "c", type: "consent", label: "I agree to the treatment." })}
          value=""
          error="Tick this box to continue."
        />
        <QuestionField
          field={field({ key: "s", type: "single_choice", label: "Skin", options: ["Dry"] })}
          value={undefined}
          error="Please answer this question."
        />
      </>,
    );
    const consent = screen.getByRole("checkbox", { name: /I agree/ });
    expect(consent.getAttribute("aria-invalid")).toBe("true");
    expect(consent.getAttribute("aria-describedby")).toBe(screen.getByText("Tick this box to continue.").id);
    const dry = screen.getByRole("radio", { name: "Dry" });
    expect(dry.getAttribute("aria-invalid")).toBe("true");
    expect(dry.getAttribute("aria-describedby")).toBe(screen.getByText("Please answer this question.").id);
  });
});
