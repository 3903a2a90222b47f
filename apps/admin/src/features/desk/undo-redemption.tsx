import type { Redemption } from '@shop/contracts/hotel-portal';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { useDeskTexts } from '../../i18n/desk-texts.ts';

const UndoDialog = lazy(() => import('./undo-dialog.tsx').then((m) => ({ default: m.UndoDialog })));

/**
 * Undo a redemption made by mistake (the hotel within 24 hours, the operator later), with a reason. The
 * button is plain; its dialog's code loads on the first press (a rare act at a desk). Focus goes into
 * the dialog once it is there and back to this button when it closes.
 */
export function UndoRedemption({
  redemption,
  code,
  onUndone,
}: {
  redemption: Redemption;
  code: string;
  onUndone(): void;
}) {
  const texts = useDeskTexts();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button className="button" aria-haspopup="dialog" onPress={() => setIsOpen(true)}>
        {texts.undo}
        <span className="visually-hidden"> {code}</span>
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <UndoDialog
            redemption={redemption}
            code={code}
            onUndone={onUndone}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
