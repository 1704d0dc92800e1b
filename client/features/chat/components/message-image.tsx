/**
 * A bot message's image (issue 26 item 2): while it is drawn, a progress bar with its percent; once
 * done, the picture (loaded through the plan-checked file route, never a public URL) with Edit image
 * prompt and Rate image; failed, the reason and Try again.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { MessageImage } from '#shared/rules/images';

interface MessageImageViewProps {
  image: MessageImage;
  loadFile: (messageId: string, signal: AbortSignal) => Promise<Blob>;
  onEdit: () => void;
  onRate: () => void;
  onRetry: () => void;
}

export function MessageImageView({
  image,
  loadFile,
  onEdit,
  onRate,
  onRetry,
}: MessageImageViewProps) {
  const [src, setSrc] = useState<{ generationId: string; url: string } | null>(null);
  const isDone = image.status === 'done';
  useEffect(() => {
    if (!isDone) return;
    const abort = new AbortController();
    let url: string | null = null;
    loadFile(image.messageId, abort.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setSrc({ generationId: image.generationId, url });
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [isDone, image.messageId, image.generationId, loadFile]);

  if (image.status === 'failed') {
    return (
      <Panel>
        <Failure role="alert">{image.error ?? 'The image could not be made.'}</Failure>
        <Row>
          <Small onClick={onRetry}>Try again</Small>
          <Small onClick={onEdit}>Edit image prompt</Small>
        </Row>
      </Panel>
    );
  }
  if (!isDone) {
    const label = image.status === 'queued' ? 'Waiting to draw the image' : 'Drawing the image';
    return (
      <Panel>
        <Frame $width={image.width} $height={image.height} aria-hidden="true" />
        <Bar
          role="progressbar"
          aria-label="Image progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={image.progress}
          aria-valuetext={`${label}: ${String(image.progress)}%`}
        >
          <Fill style={{ width: `${String(image.progress)}%` }} />
        </Bar>
        <Status aria-live="polite">
          {label}… {image.progress}%
        </Status>
      </Panel>
    );
  }
  const shown = src?.generationId === image.generationId ? src.url : null;
  return (
    <Panel>
      {shown === null ? (
        <Frame $width={image.width} $height={image.height} aria-hidden="true" />
      ) : (
        <Picture
          src={shown}
          width={image.width}
          height={image.height}
          alt={`Image: ${image.prompt}`}
        />
      )}
      <Row>
        <Small onClick={onEdit}>Edit image prompt</Small>
        {image.rating === null ? (
          <Small onClick={onRate}>Rate image</Small>
        ) : (
          <Rated>Image rated {image.rating.level}</Rated>
        )}
      </Row>
    </Panel>
  );
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
  width: min(100%, 320px);
  white-space: normal;
`;

const Frame = styled.div<{ $width: number; $height: number }>`
  width: 100%;
  aspect-ratio: ${({ $width, $height }) => `${String($width)} / ${String($height)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.skeleton};
`;

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Bar = styled.div`
  height: 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.duration.normal};
`;

const Status = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Small = styled.button.attrs({ type: 'button' })`
  min-width: 32px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: inherit;
  font-size: inherit;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
    color: ${({ theme }) => theme.color.text};
  }
`;

const Rated = styled.span`
  align-self: center;
  padding: 0 ${({ theme }) => theme.space.sm};
`;
