/**
 * The transition condition language: numbers, `true`/`false`, params, `==` `!=` `<` `>` `<=` `>=`, `&&`,
 * `||`, `!` and parentheses. Precedence from tightest: `!`, the relations (`<` `>` `<=` `>=`), equality
 * (`==` `!=`), `&&`, `||` — as in JavaScript; relations and equalities do not chain. Parsed here into a
 * tree, never evaluated as script. A condition is short by nature: at most MAX_CONDITION_TOKENS tokens,
 * nested (parentheses and `!`) at most MAX_CONDITION_DEPTH deep; beyond either it is a syntax error, so
 * parsing and compiling never recurse without bound.
 */

/** Most tokens (numbers, names, operators, parentheses) one condition may hold. */
export const MAX_CONDITION_TOKENS = 512;
/** Deepest nesting of parentheses and `!` one condition may hold. */
export const MAX_CONDITION_DEPTH = 32;

export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=';

export type ConditionNode =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'bool'; value: boolean; position: number }
  | { kind: 'param'; name: string; position: number }
  | { kind: 'not'; operand: ConditionNode; position: number }
  | { kind: 'and' | 'or'; left: ConditionNode; right: ConditionNode; position: number }
  | { kind: 'compare'; op: CompareOp; left: ConditionNode; right: ConditionNode; position: number };

/** Where parsing stopped (0-based character index), what would have been accepted there, and what was found. */
export interface ConditionSyntaxError {
  position: number;
  expected: string;
  found: string;
}

export type ParseResult =
  | { node: ConditionNode; error?: undefined }
  | { node?: undefined; error: ConditionSyntaxError };

type TokenKind = 'number' | 'ident' | 'op' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  position: number;
}

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')'];
/** Half an operator, and the operator it was probably meant to be. */
const HALVES: Record<string, string> = { '=': "'=='", '&': "'&&'", '|': "'||'" };
// sticky: matched at lastIndex, so the tokenizer never copies the rest of the text
const NUMBER = /-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/y;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;

class SyntaxFailure extends Error {
  constructor(readonly detail: ConditionSyntaxError) {
    super(detail.expected);
  }
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end' : `'${token.text}'`;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (tokens.length >= MAX_CONDITION_TOKENS) {
      throw new SyntaxFailure({
        position: i,
        expected: `the end (a condition holds at most ${MAX_CONDITION_TOKENS} tokens; split it over several transitions or params)`,
        found: `'${c}'`,
      });
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number) {
      tokens.push({ kind: 'number', text: number[0], position: i });
      i += number[0].length;
      continue;
    }
    IDENT.lastIndex = i;
    const ident = IDENT.exec(text);
    if (ident) {
      tokens.push({ kind: 'ident', text: ident[0], position: i });
      i += ident[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      tokens.push({ kind: 'op', text: op, position: i });
      i += op.length;
      continue;
    }
    const meant = HALVES[c];
    throw new SyntaxFailure({
      position: i,
      expected: meant ?? 'a number, a parameter, an operator or a parenthesis',
      found: `'${c}'`,
    });
  }
  tokens.push({ kind: 'end', text: '', position: text.length });
  return tokens;
}

class Parser {
  private index = 0;
  /** Parentheses and `!` open around the token being read. */
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ConditionNode {
    const node = this.or();
    const next = this.peek();
    if (next.kind !== 'end') this.fail(next, this.afterOperand(next));
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private accept(op: string): Token | null {
    const t = this.peek();
    if (t.kind === 'op' && t.text === op) {
      this.index++;
      return t;
    }
    return null;
  }

  private fail(token: Token, expected: string): never {
    throw new SyntaxFailure({ position: token.position, expected, found: describe(token) });
  }

  /** What may follow a complete operand, for the message. */
  private afterOperand(token: Token): string {
    if (token.kind === 'op' && ['<', '>', '<=', '>=', '==', '!='].includes(token.text)) {
      return "'&&', '||', ')' or the end (comparisons do not chain: add parentheses)";
    }
    return "an operator ('&&', '||', '==', '!=', '<', '>', '<=', '>='), ')' or the end";
  }

  private or(): ConditionNode {
    let left = this.and();
    for (let op = this.accept('||'); op; op = this.accept('||')) {
      left = { kind: 'or', left, right: this.and(), position: op.position };
    }
    return left;
  }

  private and(): ConditionNode {
    let left = this.equality();
    for (let op = this.accept('&&'); op; op = this.accept('&&')) {
      left = { kind: 'and', left, right: this.equality(), position: op.position };
    }
    return left;
  }

  private equality(): ConditionNode {
    const left = this.relation();
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '==' || t.text === '!=')) {
      this.index++;
      return { kind: 'compare', op: t.text, left, right: this.relation(), position: t.position };
    }
    return left;
  }

  private relation(): ConditionNode {
    const left = this.unary();
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '<' || t.text === '>' || t.text === '<=' || t.text === '>=')) {
      this.index++;
      return { kind: 'compare', op: t.text as CompareOp, left, right: this.unary(), position: t.position };
    }
    return left;
  }

  private unary(): ConditionNode {
    const not = this.accept('!');
    if (!not) return this.primary();
    this.enter(not);
    const node: ConditionNode = { kind: 'not', operand: this.unary(), position: not.position };
    this.depth--;
    return node;
  }

  /** One level deeper (a `(` or `!`), failing past MAX_CONDITION_DEPTH. */
  private enter(token: Token): void {
    if (++this.depth > MAX_CONDITION_DEPTH) {
      this.fail(token, `an operand nested at most ${MAX_CONDITION_DEPTH} deep in parentheses and '!'`);
    }
  }

  private primary(): ConditionNode {
    const t = this.peek();
    if (t.kind === 'number') {
      this.index++;
      return { kind: 'number', value: Number(t.text), position: t.position };
    }
    if (t.kind === 'ident') {
      this.index++;
      if (t.text === 'true' || t.text === 'false')
        return { kind: 'bool', value: t.text === 'true', position: t.position };
      return { kind: 'param', name: t.text, position: t.position };
    }
    const open = this.accept('(');
    if (open) {
      this.enter(open);
      const inner = this.or();
      if (!this.accept(')')) this.fail(this.peek(), "')'");
      this.depth--;
      return inner;
    }
    return this.fail(t, "a number, a parameter, '!' or '('");
  }
}

/** Parses a condition. Never throws: a syntax error comes back with its position and what was expected. */
export function parseCondition(text: string): ParseResult {
  try {
    return { node: new Parser(tokenize(text)).parse() };
  } catch (e) {
    if (e instanceof SyntaxFailure) return { error: e.detail };
    throw e;
  }
}

/** The message for a syntax error, naming the condition. */
export function syntaxMessage(text: string, error: ConditionSyntaxError): string {
  return `${conditionLabel(text)}: expected ${error.expected} at position ${error.position}, found ${error.found}`;
}

/** `condition "…"` for a message, a long condition cut to its first 80 characters (a message stays readable). */
export function conditionLabel(text: string): string {
  return text.length > 80 ? `condition "${text.slice(0, 80)}…" (${text.length} characters)` : `condition "${text}"`;
}
