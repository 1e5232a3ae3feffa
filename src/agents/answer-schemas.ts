// Each phase's answer format as a JSON schema: a grammar for the local model (node-llama-cpp turns it into
// GBNF, so even a tiny model answers in shape) and `response_format` for endpoints that take one
// (`--structured`). The schemas only constrain the shape; the phases check the content as for any answer.
// Lengths are bounded so that a model cannot fill its token budget with one endless list or string.
import type { GbnfJsonSchema } from 'node-llama-cpp';

/** The answer a model call asks for. */
export type AnswerFormat = 'phase1_key_types' | 'phase2_planning' | 'helper_payload';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const list = (items: GbnfJsonSchema, maxItems: number) => ({ type: 'array', items, maxItems }) as const;
/** A plan argument is an object with a single key naming its kind (core/phase2/ptb-spec.ts). */
const arg = (kind: string, value: GbnfJsonSchema) =>
  ({ type: 'object', properties: { [kind]: value }, required: [kind] }) as const;

const integer = { type: 'integer' } as const;
const bigInteger = { type: ['integer', 'string'] } as const;
const objectId = text(80);

/** Phase I: `{"key_types": ["0xADDR::module::Struct", ...]}`. */
const PHASE1_KEY_TYPES: GbnfJsonSchema = {
  type: 'object',
  properties: { key_types: list(text(200), 40) },
  required: ['key_types'],
};

const PLAN_ARGUMENT: GbnfJsonSchema = {
  oneOf: [
    arg('u8', integer),
    arg('u16', integer),
    arg('u32', integer),
    arg('u64', bigInteger),
    arg('u128', bigInteger),
    arg('u256', bigInteger),
    arg('bool', { type: 'boolean' }),
    arg('address', objectId),
    arg('vector_u8_utf8', text(200)),
    arg('vector_u8_hex', text(200)),
    arg('imm_or_owned_object', objectId),
    arg('shared_object', {
      type: 'object',
      properties: { id: objectId, mutable: { type: 'boolean' } },
      required: ['id', 'mutable'],
    }),
    arg('result', integer),
    arg('nested_result', { type: 'array', prefixItems: [integer, integer], minItems: 2, maxItems: 2 }),
  ],
};

/** Phase II: a plan `{"calls": [...]}` or a request for more of the interface `{"need_more": [...]}`. */
const PHASE2_PLANNING: GbnfJsonSchema = {
  oneOf: [
    {
      type: 'object',
      properties: {
        calls: list(
          {
            type: 'object',
            properties: {
              target: text(200),
              type_args: list(text(200), 4),
              args: list(PLAN_ARGUMENT, 6),
            },
            required: ['target', 'type_args', 'args'],
          },
          4,
        ),
      },
      required: ['calls'],
    },
    {
      type: 'object',
      properties: { need_more: list(text(200), 4), reason: text(300) },
      required: ['need_more', 'reason'],
    },
  ],
};

/** The helper benchmark's `helper_pkg_v1` (core/helper/payload.ts). */
const HELPER_PAYLOAD: GbnfJsonSchema = {
  type: 'object',
  properties: {
    move_toml: text(1000),
    files: { type: 'object', additionalProperties: text(20_000), minProperties: 1, maxProperties: 4 },
    entrypoints: list({ type: 'object', properties: { target: text(200) }, required: ['target'] }, 8),
    assumptions: list(text(300), 8),
  },
  required: ['move_toml', 'files', 'entrypoints', 'assumptions'],
};

export const ANSWER_SCHEMAS: Readonly<Record<AnswerFormat, GbnfJsonSchema>> = {
  phase1_key_types: PHASE1_KEY_TYPES,
  phase2_planning: PHASE2_PLANNING,
  helper_payload: HELPER_PAYLOAD,
};
