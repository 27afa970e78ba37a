/**
 * Realistic, reproducible people for the demo: Moroccan names, CINs, mobile numbers, RIBs and
 * salaries drawn from a seeded generator, so every fresh database shows the same company.
 */

const MALE_FIRST_NAMES = [
  'Mohamed',
  'Youssef',
  'Amine',
  'Hamza',
  'Omar',
  'Mehdi',
  'Anas',
  'Ayoub',
  'Rachid',
  'Saïd',
  'Abdelali',
  'Khalid',
  'Hassan',
  'Mustapha',
  'Driss',
  'Ilyas',
  'Othmane',
  'Zakaria',
  'Soufiane',
  'Adil',
  'Reda',
  'Tarik',
  'Abdellah',
  'Brahim',
  'Jamal',
  'Nabil',
  'Karim',
  'Ismaïl',
] as const;

const FEMALE_FIRST_NAMES = [
  'Fatima Zahra',
  'Khadija',
  'Salma',
  'Imane',
  'Sanaa',
  'Houda',
  'Meryem',
  'Asmae',
  'Hajar',
  'Zineb',
  'Loubna',
  'Naïma',
  'Siham',
  'Ghizlane',
  'Kawtar',
  'Latifa',
  'Nawal',
  'Hind',
  'Oumaima',
  'Sara',
  'Wiam',
  'Chaimae',
  'Btissam',
  'Rajae',
] as const;

const LAST_NAMES = [
  'El Idrissi',
  'Alaoui',
  'Benali',
  'Bennani',
  'Berrada',
  'Chraïbi',
  'El Fassi',
  'Benkirane',
  'Amrani',
  'Ouazzani',
  'Lahlou',
  'Sefrioui',
  'El Ouardi',
  'Bouzidi',
  'Naciri',
  'Zerouali',
  'Lamrani',
  'Kettani',
  'Filali',
  'Hajji',
  'Belhaj',
  'Aït Taleb',
  'Boukhari',
  'El Khayati',
  'Skalli',
  'Mernissi',
  'Essaïdi',
  'Ziani',
  'Chakir',
  'Benmoussa',
  'Haddad',
  'Tahiri',
  'El Mansouri',
  'Raji',
  'Moussaoui',
  'Kabbaj',
  'Azzouzi',
  'Boutahar',
  'El Hankouri',
  'Bouhaddou',
  'Ahmadi',
  'Ouchen',
  'Idrissi Kaitouni',
  'Fassi Fihri',
] as const;

/** Bank codes of real Moroccan banks, so a RIB looks familiar to an HR user. */
const BANK_CODES = ['007', '011', '013', '021', '022', '101', '145', '181', '230'] as const;

/** mulberry32: small, fast, good enough to spread demo data; same seed, same company. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const digits = (count: number) => Array.from({ length: count }, () => String(int(0, 9))).join('');
  return { next, int, pick, digits };
}
export type Random = ReturnType<typeof createRandom>;

/** "Fatima Zahra" + "Aït Taleb" → "fatimazahra.aittaleb": ASCII, what a company mail server uses. */
export function emailLocalPart(firstName: string, lastName: string): string {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${fold(firstName)}.${fold(lastName)}`;
}

/** A 24-digit RIB whose last two digits are the key: 97 − (first 22 digits × 100 mod 97). */
export function moroccanRib(random: Random): string {
  const body = `${random.pick(BANK_CODES)}${random.digits(3)}${random.digits(16)}`;
  const key = 97n - ((BigInt(body) * 100n) % 97n);
  return `${body}${key.toString().padStart(2, '0')}`;
}

export type DemoPerson = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  cin: string;
};

/**
 * Hands out people with unique e-mails, phones and CINs (phones are unique platform-wide, so
 * one factory serves every demo company). `cinPrefixes` follow the letters of
 * the issuing city (BE/BK/BJ Casablanca, K Tanger, S Nador, R Al Hoceïma, A Rabat…). `taken`
 * holds e-mails, phones and CINs already given to someone (the hand-written demo logins).
 */
export function createPeopleFactory(random: Random, taken: Iterable<string> = []) {
  const used = new Set<string>(taken);
  const claim = (make: () => string) => {
    for (;;) {
      const value = make();
      if (!used.has(value)) {
        used.add(value);
        return value;
      }
    }
  };
  return (input: { emailDomain: string; cinPrefixes: readonly string[] }): DemoPerson => {
    const { emailDomain, cinPrefixes } = input;
    const female = random.next() < 0.45;
    const firstName = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const local = emailLocalPart(firstName, lastName);
    // Namesakes get a number, as a mail server would: karim.tazi@, karim.tazi2@…
    let namesakes = 0;
    const email = claim(() => `${local}${namesakes++ === 0 ? '' : namesakes}@${emailDomain}`);
    const phone = claim(() => `+212${random.pick(['6', '7'])}${random.digits(8)}`);
    const cin = claim(() => `${random.pick(cinPrefixes)}${random.int(100_000, 999_999)}`);
    return { firstName, lastName, email, phone, cin };
  };
}

/** A monthly salary in centimes, rounded to 50 DH like a pay grid. */
export function salaryCentimes(random: Random, minDh: number, maxDh: number): bigint {
  const dh = Math.round(random.int(minDh, maxDh) / 50) * 50;
  return BigInt(dh) * 100n;
}

/** 191 hours a month is the legal working time in Moroccan industry and services (Code du travail). */
export const MONTHLY_HOURS = 191n;
