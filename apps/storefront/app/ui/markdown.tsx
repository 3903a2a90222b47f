import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The small Markdown subset of catalogue and content texts: ## headings, "- " lists, paragraphs,
 * **bold**, [links](/path) and two-space line breaks. Renders React elements, never raw HTML.
 */
export function Markdown({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${index}`;
        const heading = /^(#{2,4})\s+(.*)$/.exec(block);
        if (heading) {
          const level = Math.min(6, headingLevel + (heading[1]?.length ?? 2) - 2);
          const Tag = `h${level}` as 'h2';
          return <Tag key={key}>{inline(heading[2] ?? '')}</Tag>;
        }
        const lines = block.split('\n');
        if (lines.every((line) => /^[-*]\s+/.test(line))) {
          return (
            <ul key={key}>
              {lines.map((line, item) => (
                <li key={`${key}-${item.toString()}`}>{inline(line.replace(/^[-*]\s+/, ''))}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key}>
            {lines.map((line, item) => (
              <span key={`${key}-${item.toString()}`}>
                {item > 0 ? <br /> : null}
                {inline(line.replace(/\s+$/, ''))}
              </span>
            ))}
          </p>
        );
      })}
    </>
  );
}

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    if (match[1] !== undefined) {
      parts.push(<strong key={index}>{match[1]}</strong>);
    } else {
      const href = match[3] ?? '';
      parts.push(
        href.startsWith('/') ? (
          <Link key={index} to={href}>
            {match[2]}
          </Link>
        ) : /^(https?:|mailto:|tel:)/.test(href) ? (
          <a key={index} href={href}>
            {match[2]}
          </a>
        ) : (
          match[2]
        ),
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
