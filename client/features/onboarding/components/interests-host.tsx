import { useAtom } from 'jotai';
import { isChoosingInterestsAtom } from '../atoms';
import { InterestsModal } from './interests-modal';

/** The "I'm interested in..." modal after sign-up, over whatever page the new member went on to. */
export function InterestsHost() {
  const [isChoosing, setIsChoosing] = useAtom(isChoosingInterestsAtom);
  if (!isChoosing) return null;
  return (
    <InterestsModal
      onDone={() => {
        setIsChoosing(false);
      }}
    />
  );
}
