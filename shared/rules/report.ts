/**
 * The chatbot report (product-rules.md §3 "Report", §5 validation, §9 constants): the form the report
 * page fills and the body POST /api/reports takes, with the spec's messages.
 */
import { z } from 'zod';

export const reportLimits = {
  /** Chatbot id typed on /report (spec: max 50). */
  characterId: 50,
  /** Details (spec: max 250). */
  details: 250,
} as const;

export const reportIssueTypes = [
  'Guidelines',
  'Categorization',
  'Incorrect Authorization',
  'Invalid',
] as const;
export const ReportIssueTypeSchema = z.enum(reportIssueTypes);
export type ReportIssueType = z.infer<typeof ReportIssueTypeSchema>;

export const reportResolutions = ['private', 'modified', 'deleted'] as const;
export const ReportResolutionSchema = z.enum(reportResolutions);
export type ReportResolution = z.infer<typeof ReportResolutionSchema>;

/** What each choice reads as on the form; the spec names the values only. */
export const reportIssueLabels: Record<ReportIssueType, string> = {
  Guidelines: 'It breaks the Community Guidelines',
  Categorization: 'It is in the wrong category or missing the NSFW tag',
  'Incorrect Authorization': 'It uses my work or likeness without permission',
  Invalid: 'It does not work or is broken',
};
export const reportResolutionLabels: Record<ReportResolution, string> = {
  private: 'Make it private',
  modified: 'Have it modified',
  deleted: 'Have it deleted',
};

/** Spec texts (product-rules.md §5 and §8). */
export const reportTexts = {
  idRequired: 'You must provide an id',
  idTooLong: `The id should be ${reportLimits.characterId} characters or less`,
  idInvalid: 'This is not a valid chatbot id',
  detailsRequired: 'Details are required',
  detailsTooLong: 'Highlights should be less than 250 characters',
  fillAll: 'Fill all fields to submit.',
  submitted: 'Report submitted successfully',
} as const;

const noNul = (v: string) => !v.includes('\u0000');

/** The report a member sends; the server parses the same schema. */
export const ReportInputSchema = z.object({
  characterId: z
    .string({ error: reportTexts.idRequired })
    .trim()
    .min(1, reportTexts.idRequired)
    .max(reportLimits.characterId, reportTexts.idTooLong)
    .pipe(z.uuid({ error: reportTexts.idInvalid })),
  userIssueType: ReportIssueTypeSchema,
  userReportDetails: z
    .string({ error: reportTexts.detailsRequired })
    .trim()
    .min(1, reportTexts.detailsRequired)
    .max(reportLimits.details, reportTexts.detailsTooLong)
    .refine(noNul, 'Details cannot contain NUL characters'),
  userExpectedResolution: ReportResolutionSchema,
});
export type ReportInput = z.infer<typeof ReportInputSchema>;
