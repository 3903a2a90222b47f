import { Route, Routes } from 'react-router';
import { CodeScreen } from './code-screen.tsx';
import { CodesScreen } from './codes-screen.tsx';
import { PromotionScreen } from './promotion-screen.tsx';
import { PromotionsScreen } from './promotions-screen.tsx';

/** /admin/promotions/* : the list, a new promotion, one promotion (loaded together when first opened). */
export function PromotionScreens() {
  return (
    <Routes>
      <Route index element={<PromotionsScreen />} />
      <Route path=":id" element={<PromotionScreen />} />
    </Routes>
  );
}

/** /admin/codes/* : the list with the batch, a new code, one code with its orders. */
export function CodeScreens() {
  return (
    <Routes>
      <Route index element={<CodesScreen />} />
      <Route path=":id" element={<CodeScreen />} />
    </Routes>
  );
}
