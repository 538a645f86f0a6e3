import { type ClientModel, type JsonSchema, type Operation, pascal, refName, typesOf } from './model.js';
import { GENERATED_NOTICE } from './notice.js';

const INITIALISMS = new Map([
  ['id', 'ID'],
  ['ids', 'IDs'],
  ['url', 'URL'],
  ['ms', 'MS'],
  ['api', 'API'],
  ['sha256', 'SHA256'],
]);

/** snake_case or camelCase -> Go's exported name with initialisms (endpoint_id -> EndpointID). */
export function goName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => INITIALISMS.get(part.toLowerCase()) ?? part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
const goLocal = (name: string) => {
  const exported = goName(name);
  return exported[0]!.toLowerCase() + exported.slice(1);
};

/** `types_gen.go` (structs) and `operations_gen.go` (one method per operation). */
export function emitGo(model: ClientModel): Record<string, string> {
  const types = new GoTypes(model.schemas);
  for (const [name, schema] of Object.entries(model.schemas)) types.declare(name, schema);
  const operations = model.operations.map((operation) => operationMethod(operation, types));
  return { 'types_gen.go': types.file(), 'operations_gen.go': operationsFile(model, operations) };
}

class GoTypes {
  private readonly decls: string[] = [];
  private readonly declared = new Set<string>();

  constructor(private readonly components: Record<string, JsonSchema>) {}

  declare(name: string, schema: JsonSchema): string {
    if (this.declared.has(name)) return name;
    this.declared.add(name);
    const { types } = typesOf(schema);
    const doc = schema.description ? `// ${name}: ${schema.description.replace(/\n/g, ' ')}\n` : `// ${name} is a schema of the API.\n`;
    if (types.includes('object') && schema.properties) this.decls.push(`${doc}${this.struct(name, schema)}`);
    else this.decls.push(`${doc}type ${name} ${this.expression(schema, name, { nullable: false })}`);
    if (schema.enum) {
      const values = schema.enum.filter((v): v is string => typeof v === 'string');
      this.decls.push(`const (\n${values.map((v) => `\t${name}${goName(v)} ${name} = ${JSON.stringify(v)}`).join('\n')}\n)`);
    }
    return name;
  }

  /** The Go type of a schema; `optional` members of requests can be omitted, nullable ones sent as null. */
  expression(schema: JsonSchema, hint: string, member: { nullable?: boolean; optional?: boolean } = {}): string {
    const ref = refName(schema);
    const withNull = member.nullable !== false;
    if (ref) {
      const target = this.components[ref];
      const nullable = Boolean(target && typesOf(target).nullable) && withNull;
      if (nullable && member.optional) return `*Nullable[${ref}]`;
      return nullable || member.optional ? `*${ref}` : ref;
    }
    const { types, nullable: isNullable } = typesOf(schema);
    const nullable = isNullable && withNull;
    let base: string;
    let reference = false;
    if (schema.enum && types.includes('string')) base = 'string';
    else if (types.includes('object') && schema.properties) base = this.declare(hint, schema);
    else if (types.includes('object')) {
      reference = true;
      base =
        typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties).length > 0
          ? `map[string]${this.expression(schema.additionalProperties, `${hint}Value`, { nullable: false })}`
          : 'map[string]any';
    } else if (types.includes('array')) {
      reference = true;
      const prefix = (schema as { prefixItems?: JsonSchema[] }).prefixItems;
      if (prefix) base = prefix.every((p) => p.type === 'string') ? '[]string' : '[]any';
      else base = `[]${schema.items ? this.expression(schema.items, `${hint}Item`, { nullable: false }) : 'any'}`;
    } else if (types.includes('string')) base = 'string';
    else if (types.includes('integer')) base = 'int64';
    else if (types.includes('number')) base = 'float64';
    else if (types.includes('boolean')) base = 'bool';
    else {
      reference = true;
      base = 'any';
    }
    if (nullable && member.optional) return `*Nullable[${base}]`;
    if (reference) return base;
    return nullable || member.optional ? `*${base}` : base;
  }

  private struct(name: string, schema: JsonSchema): string {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([field, member]) => {
      const optional = !required.has(field);
      const type = this.expression(member, `${name}${pascal(field)}`, { optional });
      const doc = member.description ? `\t// ${member.description.replace(/\n/g, ' ')}\n` : '';
      return `${doc}\t${goName(field)} ${type} \`json:"${field}${optional ? ',omitempty' : ''}"\``;
    });
    return `type ${name} struct {\n${fields.join('\n')}\n}`;
  }

  file(): string {
    return [`// ${GENERATED_NOTICE}`, '', 'package webhookrelay', '', ...this.decls.flatMap((d) => [d, ''])].join('\n');
  }

  /** A query parameter's field in a Params struct. */
  queryField(parameter: { name: string; schema: JsonSchema; description?: string }): string {
    const type = this.expression(parameter.schema, 'Query', { optional: true, nullable: false });
    const doc = parameter.description ? `\t// ${parameter.description}\n` : '';
    return `${doc}\t${goName(parameter.name)} ${type}`;
  }
}

function operationMethod(operation: Operation, types: GoTypes): string {
  const id = goName(operation.operationId);
  const out: string[] = [];
  const args = ['ctx context.Context', ...operation.pathParams.map((p) => `${goLocal(p.name)} string`)];
  if (operation.body) {
    const bodyType = types.expression(operation.body.schema, `${id}Body`, { nullable: false });
    args.push(`body ${operation.body.required ? bodyType : `*${bodyType}`}`);
  }
  const paramsType = `${id}Params`;
  if (operation.query.length > 0) {
    out.push(
      `// ${paramsType} are the query parameters of ${id}; nil members are not sent.`,
      `type ${paramsType} struct {`,
      ...operation.query.map((p) => types.queryField(p)),
      '}',
      '',
      `func (p *${paramsType}) values() url.Values {`,
      '\tvalues := url.Values{}',
      '\tif p == nil {',
      '\t\treturn values',
      '\t}',
      ...operation.query.flatMap((p) => [
        `\tif p.${goName(p.name)} != nil {`,
        `\t\tvalues.Set(${JSON.stringify(p.name)}, fmt.Sprint(*p.${goName(p.name)}))`,
        '\t}',
      ]),
      '\treturn values',
      '}',
      '',
    );
    args.push(`params *${paramsType}`);
  }
  args.push('opts ...RequestOption');
  const answer = operation.response ? types.expression(operation.response, `${id}Answer`, { nullable: false }) : undefined;
  const path = operation.pathParams.length
    ? operation.path
        .split(/(\{[^}]+\})/)
        .filter(Boolean)
        .map((part) => (part.startsWith('{') ? `url.PathEscape(${goLocal(part.slice(1, -1))})` : JSON.stringify(part)))
        .join(' + ')
    : JSON.stringify(operation.path);
  const request = [
    `method: ${JSON.stringify(operation.method)}`,
    `path: ${path}`,
    ...(operation.query.length ? ['query: params.values()'] : []),
    ...(operation.body ? [operation.body.required ? 'body: body, hasBody: true' : 'body: body, hasBody: body != nil'] : []),
    `idempotent: ${operation.idempotent}`,
  ];
  out.push(`// ${id}: ${operation.summary} (${operation.method} ${operation.path}).`);
  if (answer) {
    out.push(
      `func (c *Client) ${id}(${args.join(', ')}) (*${answer}, error) {`,
      `\tvar answer ${answer}`,
      `\tif err := c.do(ctx, request{${request.join(', ')}}, &answer, opts); err != nil {`,
      '\t\treturn nil, err',
      '\t}',
      '\treturn &answer, nil',
      '}',
    );
  } else {
    out.push(`func (c *Client) ${id}(${args.join(', ')}) error {`, `\treturn c.do(ctx, request{${request.join(', ')}}, nil, opts)`, '}');
  }
  if (operation.pageItem && answer) {
    const item = types.expression(operation.pageItem, `${id}Item`, { nullable: false });
    const pageArgs = [...operation.pathParams.map((p) => `${goLocal(p.name)} string`), `params *${paramsType}`, 'opts ...RequestOption'];
    const callArgs = ['ctx', ...operation.pathParams.map((p) => goLocal(p.name)), '&page', 'opts...'];
    out.push(
      '',
      `// ${id}All walks every item of ${id}, page after page (follows next_cursor); params.Cursor is where it starts.`,
      `func (c *Client) ${id}All(${pageArgs.join(', ')}) *Pager[${item}] {`,
      `\tvar page ${paramsType}`,
      '\tif params != nil {',
      '\t\tpage = *params',
      '\t}',
      `\treturn newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]${item}, *string, error) {`,
      '\t\tpage.Cursor = cursor',
      `\t\tanswer, err := c.${id}(${callArgs.join(', ')})`,
      '\t\tif err != nil {',
      '\t\t\treturn nil, nil, err',
      '\t\t}',
      '\t\treturn answer.Data, answer.NextCursor, nil',
      '\t})',
      '}',
    );
  }
  return out.join('\n');
}

function operationsFile(model: ClientModel, methods: string[]): string {
  const usesFmt = model.operations.some((o) => o.query.length > 0);
  return [
    `// ${GENERATED_NOTICE}`,
    '',
    'package webhookrelay',
    '',
    'import (',
    '\t"context"',
    ...(usesFmt ? ['\t"fmt"'] : []),
    '\t"net/url"',
    ')',
    '',
    ...(model.skipped.length
      ? [`// Not offered (not JSON over an API key): ${model.skipped.map((s) => `${s.operationId} (${s.reason})`).join('; ')}.`, '']
      : []),
    methods.join('\n\n'),
    '',
  ].join('\n');
}
