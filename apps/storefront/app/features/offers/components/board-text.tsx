/**
 * The board's short form once, its name only where it adds something: "All inclusive" with the name
 * "All inclusive: alle Mahlzeiten …" reads "**All inclusive**: alle Mahlzeiten …", not both in full.
 */
export function BoardText({ short, name }: { short: string; name: string }) {
  const shortText = short.trim();
  const nameText = name.trim();
  if (!nameText || nameText.toLowerCase() === shortText.toLowerCase()) {
    return (
      <p>
        <strong>{shortText}</strong>
      </p>
    );
  }
  const rest = nameText.slice(shortText.length);
  if (nameText.toLowerCase().startsWith(shortText.toLowerCase()) && /^[\s:,;.–-]/.test(rest)) {
    return (
      <p>
        <strong>{nameText.slice(0, shortText.length)}</strong>
        {rest}
      </p>
    );
  }
  return (
    <p>
      <strong>{shortText}</strong> – {nameText}
    </p>
  );
}
