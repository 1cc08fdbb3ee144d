/**
 * What the literature knows about a few well-known games, by canonical key: whether a period is
 * known, and where that is written. Only facts checked against the source named with them.
 */
export interface KnownResult {
  /** The game's canonical key (src/games/registry.ts). */
  readonly key: string;
  readonly name: string;
  /** 'open': no period is known; 'periodic': the period is known and proven. */
  readonly status: 'open' | 'periodic';
  /** One line: the period and where it starts, or how far the values were searched in vain. */
  readonly fact: string;
  /** Where the fact is written. */
  readonly source: string;
  /** For a periodic game: its period, and the last n whose value breaks it (test/games/known.test.ts checks both). */
  readonly period?: number;
  readonly lastException?: number;
}

export const KNOWN_RESULTS: readonly KnownResult[] = [
  {
    key: 'octal:0.6',
    name: 'Officers',
    status: 'open',
    fact: 'no period is known: more than 1.4 x 10^14 values computed, no period found',
    source: "'Searching for periodicity in Officers', Games of No Chance 5 (Cambridge University Press, 2025)",
  },
  {
    key: 'grundy',
    name: "Grundy's game",
    status: 'open',
    fact: 'no period is known: "Mike Guy has computed ten million values, but a discernible pattern remains elusive"',
    source: 'R. K. Guy, Fair Game (COMAP, 1989), p. 96, quoted in OEIS A002188',
  },
  {
    key: 'octal:0.77',
    name: 'Kayles',
    status: 'periodic',
    fact: 'period 12 from n = 71 (last exception at n = 70)',
    source: 'OEIS A002186',
    period: 12,
    lastException: 70,
  },
  {
    key: 'octal:0.137',
    name: "Dawson's chess",
    status: 'periodic',
    fact: 'period 34, last exception at n = 51',
    source: 'OEIS A002187',
    period: 34,
    lastException: 51,
  },
  {
    key: 'octal:0.07',
    name: "Dawson's Kayles",
    status: 'periodic',
    fact: 'period 34, last exception at n = 52',
    source: 'OEIS A002187: octal game .07 has values a(n-1)',
    period: 34,
    lastException: 52,
  },
];

/** The known result for a game's canonical key, or undefined. */
export function knownResult(key: string): KnownResult | undefined {
  return KNOWN_RESULTS.find((k) => k.key === key);
}

/** One line: the game's name, status and fact, with the source in parentheses. */
export function knownText(known: KnownResult): string {
  return `${known.name}: ${known.status === 'open' ? 'open problem, ' : ''}${known.fact} (${known.source})`;
}
