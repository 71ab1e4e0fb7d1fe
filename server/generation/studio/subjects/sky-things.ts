/** Things in the sky of the subject library: moon phases, planets, comets, lightning, fireworks, kites. */
import type { SubjectDefinition } from "./types";

export const SKY_THINGS: SubjectDefinition[] = [];
