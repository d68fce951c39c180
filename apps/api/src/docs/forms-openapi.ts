import { FORM_FIELD_TYPES } from "@termin/contracts/form-fields";
import { FORM_DELIVERY_TYPES, FORM_STATUSES } from "@termin/contracts/form-resources";
import { FORM_ANSWER_ERROR_CODES } from "@termin/domain/form-answers";
import { formAnswerData, formAnswerRules } from "../resources/form-answers/routes.ts";
import { formRules } from "../resources/forms/routes.ts";
import { SIGNED_IN, jsonApiBody, requestDocumentFrom, type ClientDocParts } from "./client-openapi-parts.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";
import type { Operation, Parameter } from "./document-types.ts";

const uuid = { type: "string", format: "uuid" };
const idParameter: Parameter = {
  name: "id",
  in: "path",
  required: true,
  schema: uuid,
  example: "5b0f3c9e-8d2a-4f61-a7c4-2e9b1d6f0a83",
};

/** GET /v1c/forms, /v1c/forms/{id}; GET and POST /v1c/form-answers, GET /v1c/form-answers/{id}. */
export function formPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter, includeParameter } = parts;
  const forms = documents("Form");
  const answers = documents("FormAnswer");
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  return {
    "/v1c/forms": {
      get: {
        summary: "List the forms businesses sent to the signed-in client",
        description: `${SIGNED_IN} Newest first (sort: sent_at, -sent_at). filter[status]: pending, submitted. Include business (name, slug) and form_answer.`,
        parameters: [...collectionParameters(formRules), includeParameter(formRules)],
        responses: { 200: forms.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
    },
    "/v1c/forms/{id}": {
      get: {
        summary: "Get one form sent to the signed-in client",
        description: `${SIGNED_IN} Another client's form answers 404.`,
        parameters: [idParameter, fieldsParameter(formRules.type, formRules.attributes), includeParameter(formRules)],
        responses: { 200: forms.single, 401: unauthorized, 404: errorResponse("No such form of this client") },
      },
    },
    "/v1c/form-answers": {
      get: {
        summary: "List the signed-in client's answers",
        description: `${SIGNED_IN} Newest first (sort: submitted_at). filter[form] by form ids. Include form.`,
        parameters: [...collectionParameters(formAnswerRules), includeParameter(formAnswerRules)],
        responses: { 200: answers.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
      post: {
        summary: "Answer a form (once)",
        description: `${SIGNED_IN} Every answer is checked against its question: required questions, the value's kind (text and long_text: string; number; date: YYYY-MM-DD; single_choice: one option; multiple_choice: list of options; yes_no and consent: boolean), text length and number bounds (min, max), whole numbers where a number question is \`integer\`, no date after today where a date question is \`notAfterToday\` (after today in every time zone), a required consent must be true, keys that are not questions are refused. Texts are stored trimmed.`,
        requestBody: jsonApiBody("FormAnswerCreate", {
          data: {
            type: "form-answers",
            attributes: {
              values: { allergies: "Latex", pregnant: false, skin_type: "Sensitive", consent: true },
            },
            relationships: { form: { data: { type: "forms", id: "5b0f3c9e-8d2a-4f61-a7c4-2e9b1d6f0a83" } } },
          },
        }),
        responses: {
          201: { ...answers.single, description: "Stored; Location: /v1c/form-answers/{id}" },
          401: unauthorized,
          404: errorResponse("No such form of this client"),
          409: errorResponse("The form is already answered, or data.type is not form-answers"),
          422: errorResponse(
            `One invalid_answer per bad answer: source.pointer /data/attributes/values/{key}, a detail for people and meta.reason, one of ${FORM_ANSWER_ERROR_CODES.join(", ")}. A malformed document (invalid_body) points at the bad member.`,
            ["invalid_answer"],
          ),
        },
      },
    },
    "/v1c/form-answers/{id}": {
      get: {
        summary: "Get one of the signed-in client's answers",
        description: `${SIGNED_IN} Another client's answer answers 404.`,
        parameters: [
          idParameter,
          fieldsParameter(formAnswerRules.type, formAnswerRules.attributes),
          includeParameter(formAnswerRules),
        ],
        responses: { 200: answers.single, 401: unauthorized, 404: errorResponse("No such answer of this client") },
      },
    },
  };
}

const answerValue = {
  oneOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "array", items: { type: "string" } }],
};

export const FORM_SCHEMAS: Record<string, Schema> = {
  Form: resourceSchema("forms", {
    id: { ...uuid, description: "The sending's id: the same form sent twice is two resources" },
    exampleId: "5b0f3c9e-8d2a-4f61-a7c4-2e9b1d6f0a83",
    selfLink: true,
    attributes: {
      name: { type: "string" },
      delivery_type: { enum: [...FORM_DELIVERY_TYPES] },
      fields: { type: "array", items: { $ref: "#/components/schemas/FormField" } },
      sent_at: { type: "string", format: "date-time" },
      status: { enum: [...FORM_STATUSES] },
    },
    example: {
      name: "Before your first colour",
      delivery_type: FORM_DELIVERY_TYPES[0],
      fields: [
        { key: "allergies", type: "text", label: "Allergies we should know about", required: false, max: 500 },
        { key: "pregnant", type: "yes_no", label: "Are you pregnant?", required: true },
        {
          key: "skin_type",
          type: "single_choice",
          label: "Skin type",
          required: true,
          options: ["Normal", "Dry", "Sensitive"],
        },
        { key: "consent", type: "consent", label: "I agree to a patch test 48 hours before.", required: true },
      ],
      sent_at: "2026-11-20T10:00:00.000Z",
      status: "pending",
    },
  }),
  FormField: {
    type: "object",
    required: ["key", "type", "label", "required"],
    properties: {
      key: { type: "string", description: "Answers are keyed by it" },
      type: { enum: [...FORM_FIELD_TYPES] },
      label: { type: "string", description: "In the business's language" },
      required: { type: "boolean" },
      help: { type: "string" },
      options: { type: "array", items: { type: "string" }, description: "single_choice and multiple_choice" },
      min: { type: "number", description: "number: smallest value; text and long_text: fewest characters" },
      max: { type: "number", description: "number: largest value; text and long_text: most characters" },
      integer: { type: "boolean", description: "number: whole numbers only" },
      notAfterToday: { type: "boolean", description: "date: no date after today (a date of birth)" },
    },
  },
  FormAnswer: resourceSchema("form-answers", {
    id: uuid,
    exampleId: "c7d21e55-0b8f-4a3e-9d64-81f2a0c3b9e1",
    selfLink: true,
    attributes: {
      values: { type: "object", additionalProperties: answerValue },
      submitted_at: { type: "string", format: "date-time" },
    },
    example: {
      values: { allergies: "Latex", pregnant: false, skin_type: "Sensitive", consent: true },
      submitted_at: "2026-11-21T18:04:00.000Z",
    },
  }),
  FormAnswerCreate: requestDocumentFrom("form-answers", formAnswerData),
};
