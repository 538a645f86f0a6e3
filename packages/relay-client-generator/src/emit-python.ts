import { type ClientModel, camelToSnake, type JsonSchema, type Operation, pascal, refName, typesOf } from './model.js';
import { GENERATED_NOTICE } from './notice.js';

const KEYWORDS = new Set(['from', 'import', 'class', 'def', 'global', 'in', 'is', 'lambda', 'pass', 'return', 'type', 'id']);
const pyName = (name: string) => (KEYWORDS.has(name) ? `${name}_` : name.replace(/[^A-Za-z0-9_]/g, '_'));
const pyString = (text: string) => JSON.stringify(text);
const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);
const isIdentifier = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name);

/** `webhook_relay/_types.py` (TypedDicts) and `webhook_relay/_operations.py` (one method per operation). */
export function emitPython(model: ClientModel): Record<string, string> {
  const types = new PythonTypes(model.schemas);
  for (const [name, schema] of Object.entries(model.schemas)) types.declare(name, schema);
  const operations = model.operations.map((operation) => operationMethod(operation, types));
  return { 'webhook_relay/_types.py': types.file(), 'webhook_relay/_operations.py': operationsFile(model, operations, types) };
}

class PythonTypes {
  private readonly aliases: string[] = [];
  private readonly classes: string[] = [];
  private readonly declared = new Set<string>();

  constructor(private readonly components: Record<string, JsonSchema>) {}

  /** A named type for a component or an inline object; answers the name. */
  declare(name: string, schema: JsonSchema): string {
    if (this.declared.has(name)) return name;
    this.declared.add(name);
    const { types } = typesOf(schema);
    if (types.includes('object') && schema.properties) {
      this.classes.push(this.typedDict(name, schema));
    } else {
      this.aliases.push(`${name} = ${this.expression(schema, name, false)}`);
    }
    return name;
  }

  /** The Python type of a schema (nullable unless told). */
  expression(schema: JsonSchema, hint: string, withNull = true): string {
    const ref = refName(schema);
    if (ref) {
      const target = this.components[ref];
      return target && typesOf(target).nullable && withNull ? `${ref} | None` : ref;
    }
    const { types, nullable } = typesOf(schema);
    let base: string;
    if (schema.enum) {
      const values = schema.enum.filter((v) => v !== null);
      base = `Literal[${values.map((v) => (typeof v === 'string' ? pyString(v) : String(v))).join(', ')}]`;
    } else if (types.includes('object') && schema.properties) base = this.declare(hint, schema);
    else if (types.includes('object'))
      base =
        typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties).length > 0
          ? `dict[str, ${this.expression(schema.additionalProperties, `${hint}Value`)}]`
          : 'dict[str, Any]';
    else if (types.includes('array')) {
      const prefix = (schema as { prefixItems?: JsonSchema[] }).prefixItems;
      if (prefix) base = `list[${prefix.every((p) => p.type === 'string') ? 'str' : 'Any'}]`;
      else base = `list[${schema.items ? this.expression(schema.items, `${hint}Item`) : 'Any'}]`;
    } else if (types.includes('string')) base = 'str';
    else if (types.includes('integer')) base = 'int';
    else if (types.includes('number')) base = 'float';
    else if (types.includes('boolean')) base = 'bool';
    else base = 'Any';
    return nullable && withNull ? `${base} | None` : base;
  }

  private typedDict(name: string, schema: JsonSchema): string {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([field, member]) => ({
      field,
      required: required.has(field),
      line: `    ${field}: ${this.expression(member, `${name}${pascal(field)}`)}`,
      doc: member.description,
    }));
    const block = (className: string, bases: string, members: typeof fields) => [
      `class ${className}(${bases}):`,
      ...(members.length === 0
        ? ['    pass']
        : members.flatMap((m) => [m.line, ...(m.doc ? [`    """${m.doc.replace(/"""/g, "'''")}"""`] : [])])),
    ];
    const requiredFields = fields.filter((f) => f.required);
    const optionalFields = fields.filter((f) => !f.required);
    if (fields.some((f) => !isIdentifier(f.field))) {
      // A member named like a keyword (`from`): the functional syntax, its types as forward-reference strings.
      const dict = (className: string, members: typeof fields, total: boolean) =>
        `${className} = TypedDict(${pyString(className)}, {${members
          .map((m) => `${pyString(m.field)}: ${pyString(this.expression(schema.properties![m.field]!, `${name}${pascal(m.field)}`))}`)
          .join(', ')}}${total ? '' : ', total=False'})`;
      return [
        dict(`_${name}Required`, requiredFields, true),
        dict(`_${name}Optional`, optionalFields, false),
        '',
        '',
        `class ${name}(_${name}Required, _${name}Optional):`,
        '    pass',
      ].join('\n');
    }
    // Python 3.10 has no NotRequired: required members in a base class, optional ones in a total=False subclass.
    if (optionalFields.length === 0) return block(name, 'TypedDict', requiredFields).join('\n');
    if (requiredFields.length === 0) return block(name, 'TypedDict, total=False', optionalFields).join('\n');
    return [
      ...block(`_${name}Required`, 'TypedDict', requiredFields),
      '',
      '',
      ...block(name, `_${name}Required, total=False`, optionalFields),
    ].join('\n');
  }

  names(): string[] {
    return [...this.declared].sort();
  }

  file(): string {
    return [
      `# ${GENERATED_NOTICE}`,
      '"""Request and answer types of the webhook-relay API (TypedDicts: the JSON objects as the API sends them)."""',
      '',
      'from __future__ import annotations',
      '',
      'from typing import Any, Literal, TypedDict',
      '',
      ...this.aliases,
      '',
      ...this.classes.flatMap((text) => ['', text, '']),
      '',
      `__all__ = [${this.names()
        .map((n) => pyString(n))
        .join(', ')}]`,
      '',
    ].join('\n');
  }
}

function operationMethod(operation: Operation, types: PythonTypes): string {
  const id = operation.operationId;
  const name = camelToSnake(id);
  const args = ['self', ...operation.pathParams.map((p) => `${pyName(p.name)}: str`)];
  const keywordArgs: string[] = [];
  if (operation.body) {
    const bodyType = types.expression(operation.body.schema, `${pascal(id)}Body`);
    if (operation.body.required) args.push(`body: ${bodyType}`);
    else keywordArgs.push(`body: ${bodyType} | None = None`);
  }
  const queryArgs = (skipCursor: boolean) =>
    operation.query
      .filter((p) => !(skipCursor && p.name === 'cursor'))
      .map((p) => `${pyName(p.name)}: ${types.expression(p.schema, `${pascal(id)}${pascal(p.name)}`, false)} | None = None`);
  keywordArgs.push(...queryArgs(false));
  if (operation.idempotent) keywordArgs.push('idempotency_key: str | None = None');
  keywordArgs.push('timeout: float | None = None');
  const answer = operation.response ? types.expression(operation.response, `${pascal(id)}Answer`) : 'None';
  const signature = [...args, '*', ...keywordArgs].join(', ');
  const path = operation.pathParams.length
    ? `f${pyString(operation.path.replace(/\{([^}]+)\}/g, (_, p: string) => `{_quote(${pyName(p)})}`))}`
    : pyString(operation.path);
  const query = operation.query.length ? `{${operation.query.map((p) => `${pyString(p.name)}: ${pyName(p.name)}`).join(', ')}}` : 'None';
  const call = [
    pyString(operation.method),
    path,
    `query=${query}`,
    ...(operation.body ? ['body=body'] : []),
    `idempotent=${operation.idempotent ? 'True' : 'False'}`,
    ...(operation.idempotent ? ['idempotency_key=idempotency_key'] : []),
    'timeout=timeout',
  ];
  const out = [
    `    def ${name}(${signature}) -> ${answer}:`,
    `        """${operation.summary} (\`\`${operation.method} ${operation.path}\`\`)."""`,
    `        return self._send(${call.join(', ')})  # type: ignore[no-any-return]`,
  ];
  if (operation.pageItem) {
    const item = types.expression(operation.pageItem, `${pascal(id)}Item`);
    const pageArgs = [
      'self',
      ...operation.pathParams.map((p) => `${pyName(p.name)}: str`),
      '*',
      ...queryArgs(true),
      'timeout: float | None = None',
    ];
    const forwarded = [
      ...operation.pathParams.map((p) => pyName(p.name)),
      ...operation.query.map((p) => (p.name === 'cursor' ? 'cursor=cursor' : `${pyName(p.name)}=${pyName(p.name)}`)),
      'timeout=timeout',
    ];
    out.push(
      '',
      `    def ${name}_all(${pageArgs.join(', ')}) -> Iterator[${item}]:`,
      `        """Every item of \`\`${name}\`\`, page after page (follows \`\`next_cursor\`\`)."""`,
      `        return self._paginate(lambda cursor: self.${name}(${forwarded.join(', ')}))`,
    );
  }
  return out.join('\n');
}

function operationsFile(model: ClientModel, methods: string[], types: PythonTypes): string {
  return [
    `# ${GENERATED_NOTICE}`,
    `"""One method per operation of the ${model.title} (${model.apiVersion})."""`,
    '',
    'from __future__ import annotations',
    '',
    'from collections.abc import Callable, Iterator',
    'from typing import Any, Literal, TypeVar',
    'from urllib.parse import quote',
    '',
    `from ._types import ${types.names().join(', ')}  # noqa: F401`,
    '',
    "_Item = TypeVar('_Item')",
    '',
    '',
    'def _quote(segment: str) -> str:',
    '    return quote(segment, safe="")',
    '',
    '',
    ...(model.skipped.length
      ? [`# Not offered (not JSON over an API key): ${model.skipped.map((s) => `${s.operationId} (${s.reason})`).join('; ')}.`, '']
      : []),
    '',
    'class _Operations:',
    '    """The generated operations. RelayClient (_client.py) supplies the two calls they make."""',
    '',
    '    # One request with its retries, and a walk over cursor pages: declared here, defined by RelayClient.',
    '    _send: Callable[..., Any]',
    '    _paginate: Callable[[Callable[[str | None], Any]], Iterator[Any]]',
    '',
    methods.join('\n\n'),
    '',
  ].join('\n');
}
