/** Nature features of the subject library: volcanoes, waterfalls, caves, reefs, waves, lone trees and plants. */
import type { SubjectDefinition } from "./types";

export const NATURE: SubjectDefinition[] = [];
