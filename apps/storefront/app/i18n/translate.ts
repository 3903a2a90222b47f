import type { MessageKey, Messages } from './de.ts';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Looks a UI string up and fills its `{placeholders}`. */
export function createTranslate(messages: Messages): Translate {
  return (key, values) => {
    const text = messages[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match)) : text;
  };
}
