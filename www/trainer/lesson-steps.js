// @ts-check
// The lesson's steps: the engine's `lesson()`, each step's position and what its move does,
// worked out when the page is built (scripts/bundle.mjs, with the computer's engine). The page's
// own engine leaves them out: every first visit waits for that engine, and few open the lesson.

/** @import { LessonStep } from "../types/engine.js" */

/** @returns {LessonStep[]} */
export const lessonSteps = () => JSON.parse(LESSON_STEPS);
