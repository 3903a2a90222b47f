import type { TextQuery, TextTerm } from './search-engine.ts';

type Node =
  | { kind: 'term'; term: TextTerm }
  | { kind: 'and' | 'or'; children: Node[] }
  | { kind: 'unsupported' };

/** Thrown inside the parser for text that is no tsquery output; parseTsQueryText answers null then. */
class NotATsQuery extends Error {}

/**
 * Reads the text form of a tsquery as PostgreSQL prints it (`'gardas':* & ( 'wellness':* | 'spa' )`)
 * into AND-of-OR groups. Null when the query has a shape TextQuery cannot express: negation, phrases
 * (to_tsquery turns a word it splits, such as "it's", into one), weight restrictions, or an OR over
 * ANDs; the caller then has to search in SQL. An empty query (only stop words) gives no groups.
 */
export function parseTsQueryText(text: string): TextQuery | null {
  let at = 0;
  const skipSpaces = () => {
    while (text[at] === ' ') at++;
  };

  function operand(): Node {
    skipSpaces();
    const char = text[at];
    if (char === '(') {
      at++;
      const inner = or();
      skipSpaces();
      if (text[at] !== ')') throw new NotATsQuery();
      at++;
      return inner;
    }
    if (char === '!') {
      at++;
      operand();
      return { kind: 'unsupported' };
    }
    if (char !== "'") throw new NotATsQuery();
    let lexeme = '';
    for (at++; ; at++) {
      if (at >= text.length) throw new NotATsQuery();
      if (text[at] === "'" && text[at + 1] === "'") at++;
      else if (text[at] === '\\') at++;
      else if (text[at] === "'") break;
      lexeme += text[at];
    }
    at++;
    let isPrefix = false;
    let weighted = false;
    if (text[at] === ':') {
      for (at++; /[*A-Da-d]/.test(text[at] ?? ''); at++) {
        if (text[at] === '*') isPrefix = true;
        else weighted = true;
      }
    }
    return weighted ? { kind: 'unsupported' } : { kind: 'term', term: { lexeme, isPrefix } };
  }

  function phrase(): Node {
    let node = operand();
    for (;;) {
      skipSpaces();
      const distance = /^<(-|\d+)>/.exec(text.slice(at));
      if (!distance) return node;
      at += distance[0].length;
      operand();
      node = { kind: 'unsupported' };
    }
  }

  function and(): Node {
    const children = [phrase()];
    for (skipSpaces(); text[at] === '&'; skipSpaces()) {
      at++;
      children.push(phrase());
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  function or(): Node {
    const children = [and()];
    for (skipSpaces(); text[at] === '|'; skipSpaces()) {
      at++;
      children.push(and());
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  function groups(node: Node): TextQuery | null {
    switch (node.kind) {
      case 'term':
        return [[node.term]];
      case 'and': {
        const all = node.children.map(groups);
        return all.some((child) => child === null) ? null : (all as TextQuery[]).flat();
      }
      case 'or': {
        const alternatives = node.children.map(groups);
        if (alternatives.some((child) => child === null || child.length !== 1)) return null;
        return [(alternatives as TextQuery[]).flatMap((child) => child[0]!)];
      }
      case 'unsupported':
        return null;
    }
  }

  if (text.trim() === '') return [];
  try {
    const tree = or();
    skipSpaces();
    return at === text.length ? groups(tree) : null;
  } catch (error) {
    if (error instanceof NotATsQuery) return null;
    throw error;
  }
}
