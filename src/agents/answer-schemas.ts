// Each phase's answer format as a JSON schema: a grammar for the local model (node-llama-cpp turns it into
// GBNF, so even a tiny model answers in shape) and `response_format` for endpoints that take one
// (`--structured`). A prompt's vocabulary (the names it lists) narrows the names to those, as `enum`s, so a
// model answers in the scorer's words; without one the schemas constrain only the shape. The phases check
// the content as for any answer. Lengths are bounded so that a model cannot fill its token budget with one
// endless list or string.
import type { GbnfJsonSchema } from 'node-llama-cpp';
import type { AnswerVocabulary } from '../contracts/answer-vocabulary.js';

export type { AnswerVocabulary } from '../contracts/answer-vocabulary.js';

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

/** The answer format a request asks for, with the names its prompt allows. */
export interface AnswerSchema {
  format: AnswerFormat;
  schema: GbnfJsonSchema;
}

/**
 * At most `maxNames` names in any list (and calls in a plan): what the answer's token budget can write, so
 * that a model that repeats a name ends its list instead of being cut off in the middle of one.
 */
interface SchemaLimits {
  maxNames: number;
}

/** One of `names`, or any string when there is no such list. */
const nameOf = (names: string[] | undefined): GbnfJsonSchema =>
  names === undefined || names.length === 0 ? text(200) : { enum: [...new Set(names)] };
/**
 * At most `maxItems` and the limit, and none at all when the prompt lists no such name or the answer's
 * tokens cannot hold one (an empty list is an answer; half a name is not).
 */
const atMost = (names: string[] | undefined, maxItems: number, limits: SchemaLimits) =>
  names?.length === 0 ? 0 : Math.min(maxItems, limits.maxNames);
const listOf = (names: string[] | undefined, maxItems: number, limits: SchemaLimits) =>
  list(nameOf(names), atMost(names, maxItems, limits));

/** Phase I: `{"key_types": ["0xADDR::module::Struct", ...]}`. */
const phase1KeyTypes = (vocabulary: AnswerVocabulary, limits: SchemaLimits): GbnfJsonSchema => ({
  type: 'object',
  properties: { key_types: listOf(vocabulary.types, 40, limits) },
  required: ['key_types'],
});

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
const phase2Planning = (vocabulary: AnswerVocabulary, limits: SchemaLimits): GbnfJsonSchema => ({
  oneOf: [
    {
      type: 'object',
      properties: {
        calls: list(
          {
            type: 'object',
            properties: {
              target: nameOf(vocabulary.functions),
              type_args: listOf(vocabulary.types, 4, limits),
              args: list(PLAN_ARGUMENT, 6),
            },
            required: ['target', 'type_args', 'args'],
          },
          atMost(vocabulary.functions, 4, limits),
        ),
      },
      required: ['calls'],
    },
    {
      type: 'object',
      properties: { need_more: listOf(vocabulary.requestable, 4, limits), reason: text(300) },
      required: ['need_more', 'reason'],
    },
  ],
});

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

const SCHEMAS: Readonly<
  Record<AnswerFormat, (vocabulary: AnswerVocabulary, limits: SchemaLimits) => GbnfJsonSchema>
> = {
  phase1_key_types: phase1KeyTypes,
  phase2_planning: phase2Planning,
  helper_payload: () => HELPER_PAYLOAD,
};

/** The schema of `format`, its names bound to `vocabulary` and, when given, their number to `maxNames`. */
export function answerSchema(
  format: AnswerFormat,
  vocabulary: AnswerVocabulary = {},
  maxNames: number = Infinity,
): AnswerSchema {
  return { format, schema: SCHEMAS[format](vocabulary, { maxNames: Math.max(0, maxNames) }) };
}

/** Every name of a vocabulary. */
export function vocabularyNames(vocabulary: AnswerVocabulary): string[] {
  return [...(vocabulary.types ?? []), ...(vocabulary.functions ?? []), ...(vocabulary.requestable ?? [])];
}
