/** Vehicles of the subject library. */
import type { SubjectDefinition } from "./types";

export const VEHICLES: SubjectDefinition[] = [];
