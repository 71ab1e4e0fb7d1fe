/**
 * The prompts the product offers as examples. Each must paint what it says on the offline Studio
 * engine, so they live here where tests/unit/example-prompts.test.ts reads them and
 * `npm run studio -- --sheet` renders them (issue 19).
 */

/** The home page's text-to-art card. */
export const HOME_EXAMPLE_PROMPT = "a fox reading by candlelight";

/** The studio form's prompt placeholder. */
export const PROMPT_PLACEHOLDER = "A lighthouse on a cliff at sunset, waves below, gulls in the wind…";

/** The studio form's prompt placeholder on the christmas-event pages. */
export const CHRISTMAS_PROMPT_PLACEHOLDER = "A snowy village at dusk, warm windows, a fox in a red scarf…";

/** The prompt the home page's text-to-art picture shows being typed. */
export const CREATE_CARD_PROMPT = "a lighthouse in a violet storm, gouache";

/** The prompt the home page's first built-in hero slide says it was made from. */
export const HERO_SLIDE_PROMPT = "warm desert evening, layered like paper cut-outs";

/** Every example above, and whether it is shown on the christmas-event pages. */
export const EXAMPLE_PROMPTS: readonly { prompt: string; christmas: boolean }[] = [
  { prompt: HOME_EXAMPLE_PROMPT, christmas: false },
  { prompt: PROMPT_PLACEHOLDER, christmas: false },
  { prompt: CHRISTMAS_PROMPT_PLACEHOLDER, christmas: true },
  { prompt: CREATE_CARD_PROMPT, christmas: false },
  { prompt: HERO_SLIDE_PROMPT, christmas: false },
];
