import { FORM_FIELD_TYPES } from "@termin/contracts/form-fields";
import { FORM_DELIVERY_TYPES, FORM_STATUSES } from "@termin/contracts/form-resources";
import { FORM_ANSWER_ERROR_CODES } from "@termin/domain/form-answers";
import { formAnswerRules } from "../resources/form-answers/routes.ts";
import { formRules } from "../resources/forms/routes.ts";
import { SIGNED_IN, type ClientDocParts, type Schema } from "./client-openapi-parts.ts";
import type { Operation, Parameter } from "./openapi.ts";

const uuid = { type: "string", format: "uuid" };
const idParameter: Parameter = { name: "id", in: "path", required: true, schema: uuid };

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
        requestBody: {
          required: true,
          content: { "application/vnd.api+json": { schema: { $ref: "#/components/schemas/FormAnswerCreate" } } },
        },
        responses: {
          201: { ...answers.single, description: "Stored; Location: /v1c/form-answers/{id}" },
          401: unauthorized,
          404: errorResponse("No such form of this client"),
          409: errorResponse("The form is already answered, or data.type is not form-answers"),
          422: errorResponse(
            `One error per bad answer: source.pointer /data/attributes/values/{key}, a detail for people and meta.reason, one of ${FORM_ANSWER_ERROR_CODES.join(", ")}. A malformed document points at the bad member.`,
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
  Form: {
    type: "object",
    required: ["type", "id", "attributes"],
    properties: {
      type: { const: "forms" },
      id: { ...uuid, description: "The sending's id: the same form sent twice is two resources" },
      attributes: {
        type: "object",
        properties: {
          name: { type: "string" },
          delivery_type: { enum: [...FORM_DELIVERY_TYPES] },
          fields: { type: "array", items: { $ref: "#/components/schemas/FormField" } },
          sent_at: { type: "string", format: "date-time" },
          status: { enum: [...FORM_STATUSES] },
        },
      },
      relationships: {
        type: "object",
        description: "business (businesses), form_answer (form-answers; data null until answered)",
      },
    },
  },
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
  FormAnswer: {
    type: "object",
    required: ["type", "id", "attributes"],
    properties: {
      type: { const: "form-answers" },
      id: uuid,
      attributes: {
        type: "object",
        properties: {
          values: { type: "object", additionalProperties: answerValue },
          submitted_at: { type: "string", format: "date-time" },
        },
      },
      relationships: { type: "object", description: "form (forms)" },
    },
  },
  FormAnswerCreate: {
    type: "object",
    required: ["data"],
    properties: {
      data: {
        type: "object",
        required: ["type", "attributes", "relationships"],
        properties: {
          type: { const: "form-answers" },
          attributes: {
            type: "object",
            required: ["values"],
            additionalProperties: false,
            properties: { values: { type: "object", additionalProperties: answerValue } },
          },
          relationships: {
            type: "object",
            required: ["form"],
            properties: {
              form: {
                type: "object",
                properties: {
                  data: { type: "object", properties: { type: { const: "forms" }, id: uuid } },
                },
              },
            },
          },
        },
      },
    },
  },
};
