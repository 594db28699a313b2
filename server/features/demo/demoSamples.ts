const FIRST_NAMES = [
  'Anna',
  'Jakub',
  'Eva',
  'Tomáš',
  'Lucie',
  'Martin',
  'Tereza',
  'Petr',
  'Klára',
  'David',
  'Sofia',
  'Lukas',
  'Emma',
  'Noah',
  'Mia',
];
// surnames that do not change with the person's gender, as Czech ones do
const SURNAMES = [
  'Wagner',
  'Müller',
  'Schmidt',
  'Fischer',
  'Weber',
  'Meyer',
  'Becker',
  'Rossi',
  'García',
  'Dubois',
  'Smith',
  'Horváth',
  'Jansen',
];
const DAY = 24 * 60 * 60 * 1000;

/** What the demo pass number n is made of: a person, its creation time, numbers and dates derived from n. */
export interface Sample {
  number: number;
  name: string;
  /** ISO 8601 without milliseconds, as a person would type it */
  created: string;
  /** n-digit number, different for every pass (the step is prime to every power of ten) */
  digits(length: number): string;
  /** a day 1..`withinDays` after the creation, at the given UTC hour (else the creation's time) */
  later(withinDays: number, hour?: number): string;
  /** the pass's public link (its id is chosen before it is inserted) */
  link: string;
}

const isoOf = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The sample behind the demo pass number n, the same on every run but for its link.
 *
 * @example sampleOf(7, new Date(), passLink(config, id)).name // 'Petr Smith'
 */
export function sampleOf(number: number, created: Date, link: string): Sample {
  return {
    number,
    link,
    name: `${FIRST_NAMES[number % FIRST_NAMES.length]} ${SURNAMES[(number * 7) % SURNAMES.length]}`,
    created: isoOf(created.getTime()),
    digits: (length) => String((number * 7919 + 104729) % 10 ** length).padStart(length, '0'),
    later(withinDays, hour) {
      const day = new Date(created.getTime() + (1 + (number % withinDays)) * DAY);
      if (hour !== undefined) day.setUTCHours(hour, 0, 0, 0);
      return isoOf(day.getTime());
    },
  };
}
