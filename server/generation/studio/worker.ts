/**
 * Studio's worker-thread entry (run by piscina; bundled to one file, see worker-file.ts).
 * Takes one image task with raw pixels, reports progress on the task's port, and returns the
 * pixels (structured-cloned: a few milliseconds for 4 MB, next to a render of a second).
 */
import type { MessagePort } from "node:worker_threads";
import {
  type PromptReading,
  readPromptWords,
  renderStudioEdit,
  renderStudioImage,
  type StudioEditTask,
  type StudioImageTask,
} from "@atelier/studio";

export interface WorkerTask {
  task: StudioImageTask;
  /** An edit of a part of a picture (issue 31): rendered instead of `task`. */
  edit?: StudioEditTask;
  /** Also say how the prompt was read (asked of one picture per job): WordNet is read here, never on the web thread. */
  read: boolean;
  /** Receives `{ fraction, stage }` messages while the image renders. */
  port: MessagePort;
}

export interface WorkerResult {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  reading?: PromptReading;
}

export default function renderInWorker({ task, edit, port, read }: WorkerTask) {
  let lastSent = -1;
  const report = (fraction: number, stage: string) => {
    // Coarse steps are enough for a progress bar and keep the port quiet.
    const step = Math.floor(fraction * 50);
    if (step === lastSent) return;
    lastSent = step;
    port.postMessage({ fraction, stage });
  };
  const raster = edit ? renderStudioEdit(edit, report) : renderStudioImage(task, report);
  port.close();
  const result: WorkerResult = { width: raster.width, height: raster.height, data: raster.data };
  // A second parse of the prompt: a few milliseconds beside the render.
  if (read) result.reading = readPromptWords(task.prompt, task.christmas);
  return result;
}
