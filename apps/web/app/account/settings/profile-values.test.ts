import { describe, expect, it } from "vitest";
import { profileDocument, profileValuesFrom } from "./profile-values.ts";

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

describe("profile form values", () => {
  it("become a PATCH document with every field, empty optional ones cleared", () => {
    const values = profileValuesFrom(
      formOf({
        first_name: " Мария ",
        last_name: "Петрова",
        phone: "088 123 4567",
        phone_country: "BG",
        gender: "female",
        birthdate: "1990-05-17",
        address: "",
        city: "София",
        country: "",
        language: "bg",
        accept_marketing_notifications: "on",
      }),
    );
    expect(profileDocument("c1", values)).toEqual({
      data: {
        type: "clients",
        id: "c1",
        attributes: {
          first_name: "Мария",
          last_name: "Петрова",
          phone: "088 123 4567",
          gender: "female",
          birthdate: "1990-05-17",
          address: null,
          city: "София",
          accept_marketing_notifications: true,
          accept_online_appointments: false,
        },
        relationships: {
          language: { data: { type: "languages", id: "bg" } },
          country: { data: null },
          phoneCountry: { data: { type: "countries", id: "BG" } },
        },
      },
    });
  });

  it("leave the phone country alone when there is no number", () => {
    const document = profileDocument(
      "c1",
      profileValuesFrom(formOf({ phone: " ", phone_country: "DE", language: "en" })),
    );
    expect(document.data.attributes.phone).toBeNull();
    expect(document.data.relationships).not.toHaveProperty("phoneCountry");
  });
});
