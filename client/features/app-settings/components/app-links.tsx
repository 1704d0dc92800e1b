/**
 * What the help pages add to the operator's text from the application's settings (issue 25 part 4):
 * the app-store links of /download and /apps/android (`mobileApplications`), and the Customer Support
 * link of /contact-support (`branding.customerSupportUrl`). Only web links are followed. The footer's
 * store links (footer-links.tsx) use the same words.
 */
import styled from 'styled-components';
import { ButtonAnchor } from '../../../components/button';
import { safeWebUrl, useAppSettings, useCustomerSupportUrl } from '../hooks/use-app-settings';

/** The button's words per app type; other types show the type's own name. */
export const storeLabels: Record<string, string> = {
  android: 'Download for Android',
  ios: 'Download on the App Store',
};

/** The application's apps, or only those of one type (`android` on the install page). */
export function AppDownloadLinks({ only }: { only?: string }) {
  const settings = useAppSettings();
  if (settings === null) return null;
  const apps = settings.mobileApplications.flatMap(({ type, download_url }) => {
    const url = safeWebUrl(download_url);
    return url === null || (only !== undefined && type !== only) ? [] : [{ type, url }];
  });
  if (apps.length === 0) {
    return <Note role="status">No app is available to download for this site yet.</Note>;
  }
  return (
    <Row>
      {apps.map(({ type, url }) => (
        <ButtonAnchor
          key={`${type}:${url}`}
          $variant="primary"
          href={url}
          rel="noopener noreferrer"
        >
          {storeLabels[type] ?? `Download for ${type}`}
        </ButtonAnchor>
      ))}
    </Row>
  );
}

/** The brand's Customer Support link, when its settings name one. */
export function SupportLink() {
  const url = useCustomerSupportUrl();
  if (url === null) return null;
  return (
    <Row>
      <ButtonAnchor $variant="primary" href={url} target="_blank" rel="noopener noreferrer">
        Customer Support
      </ButtonAnchor>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: ${({ theme }) => theme.space.lg} auto 0;
`;

const Note = styled.p`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: ${({ theme }) => theme.space.lg} auto 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
