/** Header and cell words as the import engine compares them, whatever the kind of import. */

/** A header as compared: accents, case, punctuation and spacing ignored (« Prénom » = "prenom" = "PRÉ-NOM"). */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** « français », "English", "FR"… → fr | en; null when not understood; empty → undefined (the default). */
export function readLanguage(text: string): 'fr' | 'en' | null | undefined {
  const word = normaliseHeader(text);
  if (!word) return undefined;
  if (['fr', 'francais', 'french', 'fra', 'fre'].includes(word)) return 'fr';
  if (['en', 'anglais', 'english', 'eng', 'ang'].includes(word)) return 'en';
  return null;
}

/**
 * Finds a role or group by the name a cell gives, French or English: the name as written (case aside) first, then
 * the name without accents and punctuation (« sante » for « Santé »). A loose match shared by two items (« C++ »
 * and « C# » are both « c ») finds neither: the row is refused with the name rather than put in the wrong group.
 */
export function nameLookup(items: { id: string; nameFr: string; nameEn: string }[]) {
  const exact = new Map<string, Set<string>>();
  const loose = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, id: string) => {
    if (key) map.set(key, (map.get(key) ?? new Set()).add(id));
  };
  const exactKey = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('fr');
  for (const item of items) {
    for (const name of [item.nameFr, item.nameEn]) {
      add(exact, exactKey(name), item.id);
      add(loose, normaliseHeader(name), item.id);
    }
  }
  const only = (ids: Set<string> | undefined) => (ids?.size === 1 ? [...ids][0] : undefined);
  return (text: string): string | undefined =>
    only(exact.get(exactKey(text))) ??
    (exact.has(exactKey(text)) ? undefined : only(loose.get(normaliseHeader(text))));
}
