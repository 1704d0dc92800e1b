/**
 * Translate, on a chatbot the member may translate into their chat language (the profile's
 * `translatableTo`, decided by the server): opens the translation modal. Closing it after a
 * finished translation tells the page, which loads the chatbot again to show it.
 */
import { useRef, useState } from 'react';
import { languageName, type TranslationLanguage } from '#shared/rules/translation';
import { Button } from '../../../components/button';
import { useTranslationRun } from '../hooks/use-translation-run';
import { TranslateDialog } from './translate-dialog';

export function TranslateButton({
  character,
  to,
  onTranslated,
}: {
  character: { id: string; name: string; language: string };
  to: TranslationLanguage;
  onTranslated: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const run = useTranslationRun(character.id, to);
  const close = () => {
    setIsOpen(false);
    if (run.phase.kind === 'success') onTranslated();
  };
  return (
    <>
      <Button
        ref={buttonRef}
        onClick={() => {
          setIsOpen(true);
        }}
        aria-haspopup="dialog"
      >
        Translate
      </Button>
      {isOpen && (
        <TranslateDialog
          name={character.name}
          from={languageName(character.language)}
          to={languageName(to)}
          phase={run.phase}
          onStart={run.start}
          onClose={close}
          returnFocusRef={buttonRef}
        />
      )}
    </>
  );
}
