/**
 * The report form (product-rules.md §5 "Report", §8): the chatbot id when the route has none, the issue
 * type, the expected resolution and the details. The chatbot reported is named above the fields, by
 * its avatar, name and creator (issue 28 §10). Field messages are the spec's; 'Fill all fields to
 * submit.' stands beside the submit while the form is incomplete; the server's error text is shown
 * as it comes. Success goes back where the member came from (the chatbot's profile when the report
 * was opened on its own) with the toast 'Report submitted successfully', shown for 3 s.
 */
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import styled from 'styled-components';
import {
  ReportInputSchema,
  reportIssueLabels,
  reportIssueTypes,
  reportLimits,
  reportResolutionLabels,
  reportResolutions,
  reportTexts,
  type ReportIssueType,
  type ReportResolution,
} from '#shared/rules/report';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import {
  Field,
  FieldError,
  Form,
  Label,
  Select,
  errorProps,
} from '../../../components/form-controls';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { formErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { fetchReportedChatbot, sendReport } from '../api';

type FieldName = 'characterId' | 'userIssueType' | 'userReportDetails' | 'userExpectedResolution';

export function ReportForm({ characterId }: { characterId?: string }) {
  const { api } = useServices();
  const [id, setId] = useState(characterId ?? '');
  const [issueType, setIssueType] = useState<ReportIssueType | ''>('');
  const [resolution, setResolution] = useState<ReportResolution | ''>('');
  const [details, setDetails] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const ids = { issue: useId(), resolution: useId() };
  const toast = useToast();
  const [, navigate] = useLocation();

  const parsed = ReportInputSchema.safeParse({
    characterId: id,
    userIssueType: issueType === '' ? undefined : issueType,
    userReportDetails: details,
    userExpectedResolution: resolution === '' ? undefined : resolution,
  });
  const errorOf = (field: FieldName): string | null => {
    if (parsed.success || !touched.has(field)) return null;
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    if (!issue) return null;
    if (field === 'userIssueType') return 'Choose the issue';
    if (field === 'userExpectedResolution') return 'Choose what should happen';
    return issue.message;
  };
  const touch = (field: FieldName) => {
    setTouched((fields) => new Set(fields).add(field));
  };

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!parsed.success) {
      setTouched(
        new Set(['characterId', 'userIssueType', 'userReportDetails', 'userExpectedResolution']),
      );
      return;
    }
    setIsSending(true);
    setServerError(null);
    try {
      await sendReport(api, parsed.data);
      toast(reportTexts.submitted);
      // Back to the card, chat or profile the report was opened from; opened on its own, to the
      // chatbot's profile.
      if (window.history.length > 1) window.history.back();
      else navigate(paths.chatbot.build(parsed.data.characterId), { replace: true });
    } catch (err) {
      setServerError(formErrorText(toApiError(err)));
      setIsSending(false);
    }
  };

  /** The chatbot to name: the route's, or a well-formed id typed on /report. */
  const reportedId =
    characterId ?? (ReportInputSchema.shape.characterId.safeParse(id).success ? id.trim() : null);
  const detailsError = errorOf('userReportDetails');
  const issueError = errorOf('userIssueType');
  const resolutionError = errorOf('userExpectedResolution');
  return (
    <Form
      noValidate
      aria-label="Report a chatbot"
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {reportedId !== null && <ReportedChatbot key={reportedId} id={reportedId} />}
      {characterId === undefined && (
        <TextField
          label="Chatbot ID"
          value={id}
          maxLength={reportLimits.characterId}
          autoComplete="off"
          spellCheck={false}
          note="The id is the last part of the chatbot's address: /chatbot/{id}."
          error={errorOf('characterId')}
          onChange={(event) => {
            setId(event.target.value);
          }}
          onBlur={() => {
            touch('characterId');
          }}
        />
      )}
      <Field>
        <Label htmlFor={ids.issue}>What is wrong?</Label>
        <Select
          id={ids.issue}
          value={issueType}
          onChange={(event) => {
            const value = reportIssueTypes.find((t) => t === event.target.value);
            setIssueType(value ?? '');
            touch('userIssueType');
          }}
          {...errorProps(`${ids.issue}-error`, issueError)}
        >
          <option value="">Choose the issue</option>
          {reportIssueTypes.map((type) => (
            <option key={type} value={type}>
              {reportIssueLabels[type]}
            </option>
          ))}
        </Select>
        {issueError !== null && <FieldError id={`${ids.issue}-error`}>{issueError}</FieldError>}
      </Field>
      <Field>
        <Label htmlFor={ids.resolution}>What should happen?</Label>
        <Select
          id={ids.resolution}
          value={resolution}
          onChange={(event) => {
            const value = reportResolutions.find((r) => r === event.target.value);
            setResolution(value ?? '');
            touch('userExpectedResolution');
          }}
          {...errorProps(`${ids.resolution}-error`, resolutionError)}
        >
          <option value="">Choose a resolution</option>
          {reportResolutions.map((value) => (
            <option key={value} value={value}>
              {reportResolutionLabels[value]}
            </option>
          ))}
        </Select>
        {resolutionError !== null && (
          <FieldError id={`${ids.resolution}-error`}>{resolutionError}</FieldError>
        )}
      </Field>
      <TextAreaField
        label="Details"
        value={details}
        maxLength={reportLimits.details}
        hasCounter
        error={detailsError}
        onChange={(event) => {
          setDetails(event.target.value);
        }}
        onBlur={() => {
          touch('userReportDetails');
        }}
      />
      <Footer>
        <Button type="submit" $variant="primary" disabled={isSending} aria-busy={isSending}>
          Submit Report
        </Button>
        {!parsed.success && <Hint>{reportTexts.fillAll}</Hint>}
      </Footer>
      {serverError !== null && <FieldError role="alert">{serverError}</FieldError>}
    </Form>
  );
}

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The chatbot reported: its avatar, name and creator, or why it cannot be shown. */
function ReportedChatbot({ id }: { id: string }) {
  const { api } = useServices();
  const chatbot = useQuery(`reported:${id}`, (signal) => fetchReportedChatbot(api, id, signal));
  return (
    <Reported aria-label="Reported chatbot" aria-busy={chatbot.status === 'loading'}>
      {chatbot.status === 'success' ? (
        <>
          <Avatar src={chatbot.data.avatarUrl} name={chatbot.data.name} size="md" alt="" />
          <div>
            <ReportedLabel>You are reporting</ReportedLabel>
            <ReportedName>{chatbot.data.name}</ReportedName>
            {chatbot.data.creatorUsername !== null && (
              <ReportedLabel>by @{chatbot.data.creatorUsername}</ReportedLabel>
            )}
          </div>
        </>
      ) : (
        <ReportedLabel>
          {chatbot.status === 'loading'
            ? 'Loading the chatbot…'
            : 'This chatbot could not be shown; the report still reaches us.'}
        </ReportedLabel>
      )}
    </Reported>
  );
}

const Reported = styled.section`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  overflow-wrap: anywhere;
`;

const ReportedLabel = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const ReportedName = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
