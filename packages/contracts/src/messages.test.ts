import { describe, expect, it } from 'vitest';
import { locales } from './locale.ts';
import { fieldNames, formatMessage, messageKeys, validationMessages, wordIssue } from './messages.ts';
import { customerDataSchema } from './orders.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('validation messages', () => {
  it('every key is worded in de, en and it, with the same placeholders', () => {
    for (const key of Object.keys(messageKeys) as (keyof typeof messageKeys)[]) {
      const texts = locales.map((locale) => validationMessages[key][locale]);
      expect(new Set(texts.map((text) => placeholders(text).join())).size, key).toBe(1);
      expect(texts.every((text) => text.length > 0)).toBe(true);
    }
  });

  it('every customer field has a name in every language', () => {
    for (const field of Object.keys(customerDataSchema.shape)) {
      expect(Object.keys(fieldNames), field).toContain(field);
    }
  });

  it('fills in the field’s name and the limit', () => {
    expect(wordIssue({ message: 'maxLength', path: ['city'], maximum: 100 }, 'de')).toBe(
      'Ort darf höchstens 100 Zeichen lang sein.',
    );
    expect(wordIssue({ message: 'required', path: ['items', 0, 'firstName'] }, 'it')).toBe(
      'Il campo Nome è obbligatorio.',
    );
    // A field without a name is called by its path; zod's own messages are not ours to word.
    expect(formatMessage('required', 'en', { field: 'orderId' })).toBe('orderId is required.');
    expect(wordIssue({ message: 'Invalid input', path: ['city'] }, 'de')).toBeNull();
  });
});
