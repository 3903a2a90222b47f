import type { Redemption } from '@shop/contracts/hotel-portal';
import { Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { preloadable } from '../../lib/preloadable.tsx';

// Loaded on the first press; a download that failed is tried again on the next one (preloadable).
const { Component: UndoDialog } = preloadable(() => import('./undo-dialog.tsx').then((m) => m.UndoDialog));

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
