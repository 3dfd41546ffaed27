/**
 * A rate in thousandths of a percent as the plain number a form field shows, without trailing zeros: 9975 →
 * « 9,975 » in French, "9.975" in English; 5000 → "5". What parseRate (contracts/money.ts) reads back.
 */
export function rateToInput(rateMilli: number, language: 'fr' | 'en'): string {
  const whole = Math.trunc(rateMilli / 1000);
  const fraction = String(rateMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  if (!fraction) return String(whole);
  return `${whole}${language === 'fr' ? ',' : '.'}${fraction}`;
}
