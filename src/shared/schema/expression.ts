import { DATE_FUNCTIONS, implicitValue } from './dateFunctions';

/**
 * A small, safe expression language for x-reactions: literals, names from the scope, member access,
 * arrays, unary, binary, logical and conditional operators, a few arithmetic and date functions, and
 * `$today` (the China date) and `$now` (the instant) wherever the scope does not set them. No other
 * calls, no assignment, no access to prototypes or globals, so schemas run under a
 * Content-Security-Policy without 'unsafe-eval'.
 */
const round = (x: number, digits = 0) => {
  const f = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
};
/** Arithmetic functions an expression may call. round(x, digits) rounds half away from zero (money). */
const NUMBER_FUNCTIONS: Record<string, (...args: number[]) => number> = {
  round,
  floor: Math.floor,
  ceil: Math.ceil,
  abs: Math.abs,
  min: Math.min,
  max: Math.max,
};
/** The only functions an expression may call: arithmetic on numbers (their arguments made numbers) and date arithmetic. */
export const SAFE_FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  ...Object.fromEntries(Object.entries(NUMBER_FUNCTIONS).map(([k, f]) => [k, (...args: unknown[]) => f(...args.map(Number))])),
  ...DATE_FUNCTIONS,
};

export type ExprNode = Node;
type Node =
  | { t: 'lit'; v: unknown }
  | { t: 'id'; name: string }
  | { t: 'mem'; obj: Node; prop: Node }
  | { t: 'arr'; items: Node[] }
  | { t: 'un'; op: string; arg: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'cond'; test: Node; yes: Node; no: Node }
  | { t: 'call'; name: string; args: Node[] };

const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|([A-Za-z_$][\w$]*)|(===|!==|==|!=|<=|>=|&&|\|\||\?\?|[-+*/%<>!?:.,[\]()]))/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    if (/^\s*$/.test(src.slice(TOKEN.lastIndex))) break;
    const m = TOKEN.exec(src);
    if (!m) throw new SyntaxError(`unexpected character at ${TOKEN.lastIndex} in "${src}"`);
    out.push(m[0].trim());
  }
  return out;
}

const BINARY: string[][] = [['??'], ['||'], ['&&'], ['===', '!==', '==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function parseExpression(src: string): Node {
  const tokens = tokenize(src);
  let i = 0;
  const peek = () => tokens[i];
  const take = (expected?: string) => {
    const tok = tokens[i++];
    if (expected && tok !== expected) throw new SyntaxError(`expected "${expected}" but found "${tok ?? 'end'}" in "${src}"`);
    return tok;
  };
  const conditional = (): Node => {
    const test = binary(0);
    if (peek() !== '?') return test;
    take('?');
    const yes = conditional();
    take(':');
    return { t: 'cond', test, yes, no: conditional() };
  };
  const binary = (level: number): Node => {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = take();
      left = { t: 'bin', op, l: left, r: binary(level + 1) };
    }
    return left;
  };
  const unary = (): Node => (peek() === '!' || peek() === '-' ? { t: 'un', op: take(), arg: unary() } : postfix());
  const postfix = (): Node => {
    let node = primary();
    for (;;) {
      if (peek() === '.') {
        take();
        const name = take();
        if (!/^[A-Za-z_$][\w$]*$/.test(name ?? '')) throw new SyntaxError(`bad property name in "${src}"`);
        node = { t: 'mem', obj: node, prop: { t: 'lit', v: name } };
      } else if (peek() === '[') {
        take();
        node = { t: 'mem', obj: node, prop: conditional() };
        take(']');
      } else if (peek() === '(') {
        if (node.t !== 'id' || !Object.prototype.hasOwnProperty.call(SAFE_FUNCTIONS, node.name)) {
          throw new SyntaxError(`function calls are not allowed in "${src}" (only ${Object.keys(SAFE_FUNCTIONS).join(', ')})`);
        }
        take('(');
        const args: Node[] = [];
        while (peek() !== ')') {
          args.push(conditional());
          if (peek() === ',') take();
          else if (peek() !== ')') throw new SyntaxError(`expected "," or ")" in "${src}"`);
        }
        take(')');
        node = { t: 'call', name: node.name, args };
      } else return node;
    }
  };
  const primary = (): Node => {
    const tok = take();
    if (tok === undefined) throw new SyntaxError(`unexpected end of "${src}"`);
    if (tok === '(') {
      const e = conditional();
      take(')');
      return e;
    }
    if (tok === '[') {
      const items: Node[] = [];
      while (peek() !== ']') {
        items.push(conditional());
        if (peek() === ',') take();
      }
      take(']');
      return { t: 'arr', items };
    }
    if (/^\d/.test(tok)) return { t: 'lit', v: Number(tok) };
    if (/^['"]/.test(tok)) return { t: 'lit', v: tok.slice(1, -1).replace(/\\(.)/g, '$1') };
    if (tok === 'true' || tok === 'false') return { t: 'lit', v: tok === 'true' };
    if (tok === 'null') return { t: 'lit', v: null };
    if (tok === 'undefined') return { t: 'lit', v: undefined };
    if (/^[A-Za-z_$]/.test(tok)) return { t: 'id', name: tok };
    throw new SyntaxError(`unexpected "${tok}" in "${src}"`);
  };
  const node = conditional();
  if (i < tokens.length) throw new SyntaxError(`unexpected "${tokens[i]}" in "${src}"`);
  return node;
}

function evaluate(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.t) {
    case 'lit':
      return node.v;
    case 'id':
      return Object.prototype.hasOwnProperty.call(scope, node.name) ? scope[node.name] : implicitValue(node.name);
    case 'arr':
      return node.items.map((n) => evaluate(n, scope));
    case 'mem': {
      const obj = evaluate(node.obj, scope) as Record<string, unknown> | null | undefined;
      const prop = String(evaluate(node.prop, scope));
      if (obj === null || obj === undefined || FORBIDDEN.has(prop)) return undefined;
      const v = (obj as Record<string, unknown>)[prop];
      return typeof v === 'function' ? undefined : v;
    }
    case 'un': {
      const v = evaluate(node.arg, scope);
      return node.op === '!' ? !v : -(v as number);
    }
    case 'cond':
      return evaluate(node.test, scope) ? evaluate(node.yes, scope) : evaluate(node.no, scope);
    case 'call':
      return SAFE_FUNCTIONS[node.name](...node.args.map((a) => evaluate(a, scope)));
    case 'bin': {
      if (node.op === '&&') return evaluate(node.l, scope) && evaluate(node.r, scope);
      if (node.op === '||') return evaluate(node.l, scope) || evaluate(node.r, scope);
      if (node.op === '??') return evaluate(node.l, scope) ?? evaluate(node.r, scope);
      const l = evaluate(node.l, scope) as never;
      const r = evaluate(node.r, scope) as never;
      switch (node.op) {
        case '===':
          return l === r;
        case '!==':
          return l !== r;
        case '==':
          return l == r; // eslint-disable-line eqeqeq
        case '!=':
          return l != r; // eslint-disable-line eqeqeq
        case '<':
          return l < r;
        case '<=':
          return l <= r;
        case '>':
          return l > r;
        case '>=':
          return l >= r;
        case '+':
          return (l as number) + (r as number);
        case '-':
          return (l as number) - (r as number);
        case '*':
          return (l as number) * (r as number);
        case '/':
          return (l as number) / (r as number);
        case '%':
          return (l as number) % (r as number);
      }
    }
  }
  return undefined;
}

const cache = new Map<string, Node>();

export function evaluateExpression(src: string, scope: Record<string, unknown>): unknown {
  let node = cache.get(src);
  if (!node) {
    node = parseExpression(src);
    cache.set(src, node);
  }
  return evaluate(node, scope);
}

/** The top-level names an expression reads (not function names, not member names), for schema checks. */
export function expressionNames(src: string): string[] {
  const names = new Set<string>();
  const walk = (n: Node): void => {
    switch (n.t) {
      case 'id':
        names.add(n.name);
        break;
      case 'mem':
        walk(n.obj);
        if (n.prop.t !== 'lit') walk(n.prop);
        break;
      case 'arr':
        n.items.forEach(walk);
        break;
      case 'un':
        walk(n.arg);
        break;
      case 'bin':
        walk(n.l);
        walk(n.r);
        break;
      case 'cond':
        walk(n.test);
        walk(n.yes);
        walk(n.no);
        break;
      case 'call':
        n.args.forEach(walk);
        break;
      default:
        break;
    }
  };
  walk(parseExpression(src));
  return [...names];
}

/** Whether an expression holds for a record; one that cannot be evaluated does not. */
export function holds(expr: string, record: Record<string, unknown>): boolean {
  try {
    return Boolean(evaluateExpression(expr, record));
  } catch {
    return false;
  }
}
