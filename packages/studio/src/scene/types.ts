/**
 * The scene a prompt describes, as plain data: what the renderer draws, and nothing about how.
 * parsePrompt builds it; renderScene and renderDoodle read it.
 */
import type { Thing } from "../subjects/types";

export type RGB = [number, number, number];

export type SubjectKind =
  | "mountains"
  | "sea"
  | "lake"
  | "river"
  | "forest"
  | "trees"
  | "city"
  | "village"
  | "castle"
  | "desert"
  | "moon"
  | "sun"
  | "stars"
  | "galaxy"
  | "aurora"
  | "clouds"
  | "flowers"
  | "meadow"
  | "hills"
  | "island"
  | "beach"
  | "rainbow";

/** Things a colour word can attach to: any subject, or the sky itself ("red sunset", "pink sky"). */
export type ColorTarget = SubjectKind | "sky";

export type TimeOfDay = "dawn" | "morning" | "day" | "golden" | "sunset" | "dusk" | "night";
export type Weather = "clear" | "fog" | "rain" | "storm" | "snow";
export type Mood =
  | "neutral"
  | "calm"
  | "serene"
  | "dramatic"
  | "dark"
  | "gloomy"
  | "cheerful"
  | "dreamy"
  | "mysterious";
export type TreeKind = "conifer" | "broadleaf" | "palm" | "acacia" | "mixed";
export type Season = "spring" | "summer" | "autumn" | "winter";

/** How one noun phrase Studio has no word of its own for was read (issue 28). */
export interface WordReading {
  /** The words as the prompt wrote them ("viking longship"). */
  words: string;
  /** What stands for them in the picture: a library subject's or a drawing's name, a landscape; none when nothing does. */
  drawn?: string;
  /** Where that came from: the subject library, the landscape, or the art set's drawings. */
  from?: "library" | "landscape" | "art";
  /** The words it was found through, after the prompt's own: "beagle" → ["hound", "dog"]. */
  via: string[];
}

export type Vessel = "jar" | "glass" | "bottle" | "globe";

export type RoomKind = "bedroom" | "kitchen" | "cafe" | "classroom" | "library" | "livingroom" | "bathroom" | "shop";

export interface Scene {
  prompt: string;
  /** False when no subject was recognised: the renderer then paints an abstract composition. */
  understood: boolean;
  /** Recognised landscape subjects, unique, in the order the prompt names them. */
  subjects: SubjectKind[];
  /** Things from the subject library (a fox, a lighthouse…), in prompt order: the first is the main subject. */
  things: Thing[];
  /** Colours the prompt ties to a subject or the sky ("purple mountains", "red sunset"). */
  colors: Partial<Record<ColorTarget, RGB>>;
  /** Colours named without a subject to attach to, in prompt order: they tint the whole palette. */
  palette: RGB[];
  timeOfDay: TimeOfDay;
  /** False when the prompt named no time: the renderer may vary the light with the seed. */
  timeExplicit: boolean;
  weather: Weather;
  mood: Mood;
  /** Snow lies on the ground, roofs and peaks (snowy, winter, frozen…), whether or not it falls. */
  snowy: boolean;
  /** Water is still ("calm lake", "mirror"): reflections are sharper. */
  stillWater: boolean;
  treeKind: TreeKind;
  /** A season the prompt names: autumn turns broadleaf trees orange and red, spring puts blossom on them, winter leaves them bare. */
  season: Season | null;
  christmas: boolean;
  /**
   * The picture's style draws faces its own way (issue 42): "anime" gives animals large, round,
   * highlighted eyes. Set by the render from the style, never read from the prompt.
   */
  faces?: "anime";
  /**
   * Indoors: a room (wall and floor) or a still life (wall and table top) instead of sky and land.
   * Named by room words ("kitchen", "by candlelight") or by a prompt of tabletop things and furniture
   * with no landscape ("a bowl of lemons on a blue table").
   */
  indoor: boolean;
  /** A window in the room's wall, showing the sky of the time of day. */
  window: boolean;
  /** "An astronaut on the moon": the moon is the ground, the Earth hangs in a black sky. */
  lunar: boolean;
  /** On another planet: Mars's red dust under a butterscotch sky, or an alien world's strange colours (worlds.ts). */
  world: World | null;
  /** The African savanna: golden grass under flat-topped acacias. */
  savanna: boolean;
  /** Mud, dirt, soil or dust named: the ground is bare brown earth instead of grass. */
  bareEarth: boolean;
  /** A road (paved, with a centre line) or a path (earth) running from the front to the horizon. */
  road: "road" | "path" | null;
  /** Seen from under the sea: the water column, light rays and the sea floor (underwater.ts). */
  underwater: boolean;
  /** At street level in a town or city: road, pavements, facades, lamps (street.ts). */
  street: boolean;
  /** A harbour: a town along the far side of the water, a quay in front with its boats (harbour.ts). */
  harbour: boolean;
  /** The whole scene seen inside a jar, a glass, a bottle or a snow globe on a table (vessel.ts). */
  vessel: Vessel | null;
  /** Inside a cave: rock all round its mouth (cave.ts). */
  cave: boolean;
  /** Which room, when the prompt names one: its furniture and walls (interior.ts). */
  room: RoomKind | null;
  /** The nouns read through the open vocabulary, in prompt order, drawn or not. */
  readings: WordReading[];
}

export type World = "mars" | "alien";

export function hasSubject(scene: Scene, ...kinds: SubjectKind[]): boolean {
  return kinds.some((k) => scene.subjects.includes(k));
}
