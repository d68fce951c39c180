import { describe, expect, it } from "vitest";
import type { FormField } from "@termin/contracts/form-fields";
import { answersFor, postedAnswers } from "./form-values.ts";

const fields: FormField[] = [
  { key: "name", type: "text", label: "Name", required: true },
  { key: "notes", type: "long_text", label: "Notes", required: false },
  { key: "age", type: "number", label: "Age", required: false },
  { key: "born", type: "date", label: "Born", required: false },
  { key: "skin", type: "single_choice", label: "Skin", required: false, options: ["Dry", "Oily"] },
  { key: "areas", type: "multiple_choice", label: "Areas", required: false, options: ["Face", "Back"] },
  { key: "allergies", type: "yes_no", label: "Allergies?", required: false },
  { key: "consent", type: "consent", label: "I agree", required: true },
];

function formData(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("postedAnswers", () => {
  it("keeps each question's posted value and drops anything else the post carried", () => {
    const posted = postedAnswers(
      formData([
        ["name", " Maria "],
        ["areas", "Face"],
        ["areas", "Back"],
        ["consent", "on"],
        ["intent", "submit"],
      ]),
      fields,
    );
    expect(posted).toEqual({
      name: " Maria ",
      notes: "",
      age: "",
      born: "",
      skin: "",
      areas: ["Face", "Back"],
      allergies: "",
      consent: "on",
    });
  });
});

describe("answersFor", () => {
  it("types numbers, yes/no and consent, and leaves out empty answers", () => {
    const posted = { name: "Maria", notes: " ", age: "35.5", born: "1991-04-17", skin: "Dry", areas: ["Back"] };
    expect(answersFor({ ...posted, allergies: "no", consent: "on" }, fields)).toEqual({
      name: "Maria",
      age: 35.5,
      born: "1991-04-17",
      skin: "Dry",
      areas: ["Back"],
      allergies: false,
      consent: true,
    });
    expect(answersFor({ allergies: "yes" }, fields)).toEqual({ allergies: true, consent: false });
    expect(answersFor({ areas: [] }, fields)).toEqual({ consent: false });
  });

  it("passes on values a browser should not send, for the API to name at their field", () => {
    expect(answersFor({ age: "thirty", allergies: "maybe" }, fields)).toEqual({
      age: "thirty",
      allergies: "maybe",
      consent: false,
    });
  });
});
