/**
 * Q2: the live total of the networking weights and each weight's share of it, in %, as the organiser types. A field
 * being typed (empty, or not a number yet) counts as 0; the shares are rounded to one decimal.
 */
export function weightShares(weights: readonly (number | string)[]) {
  const values = weights.map((w) => {
    const n = typeof w === 'number' ? w : Number(w);
    return Number.isFinite(n) && n > 0 ? n : 0;
  });
  const total = values.reduce((sum, w) => sum + w, 0);
  return { total, shares: values.map((w) => (total > 0 ? Math.round((w / total) * 1000) / 10 : 0)) };
}
