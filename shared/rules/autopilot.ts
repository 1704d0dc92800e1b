/** Autopilot (issue 11, item 9): the AI writes the user's next turn; the user may say what it should do. */

/** The longest intent a user may give autopilot ("I try to leave"): one line. */
export const autopilotIntentMaxLength = 200;
