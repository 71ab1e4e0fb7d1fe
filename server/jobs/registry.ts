/** Every job Atelier runs; the queue creates a queue and a worker for each. */
import { renderGenerationJob } from "../generation/render-job";
import { sendEmailJob } from "../notify/send-email";
import type { JobDefinition } from "./define";

export const ALL_JOBS: readonly JobDefinition[] = [sendEmailJob as unknown as JobDefinition, renderGenerationJob as unknown as JobDefinition];
