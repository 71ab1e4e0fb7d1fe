/** Creatures and machines of fantasy and science fiction in the subject library: dragons, unicorns, robots. */
import type { SubjectDefinition } from "./types";

export const FANTASY: SubjectDefinition[] = [];
