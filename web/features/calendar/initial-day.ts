/**
 * The day the calendar opens on when the URL names none: today while the project is under way, otherwise its first
 * day (a project weeks ahead opens on its own days, not on an empty week; one that is over, on where it began).
 * A day in the URL always wins. Days are `YYYY-MM-DD` of the project's zone, so they compare as strings.
 */
export function initialDay(options: {
  urlDate: string | undefined;
  startsOn: string;
  endsOn: string;
  today: string;
}): string {
  const { urlDate, startsOn, endsOn, today } = options;
  if (urlDate) return urlDate;
  return today >= startsOn && today <= endsOn ? today : startsOn;
}
