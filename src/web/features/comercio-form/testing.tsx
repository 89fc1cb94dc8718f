import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DialogsProvider } from '#web/components/dialogs';
import { NavigationProvider } from '#web/lib/navigation';
import { AuthProvider } from '#web/features/auth';
import { createQueryClient } from '#web/lib/queryClient';

/** Renders an owner view with the app's providers (the auth gate is tested elsewhere). */
export function renderWithProviders(ui: ReactNode, path = '/') {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NavigationProvider>
        <DialogsProvider>
          <AuthProvider>
            <main id="main">{ui}</main>
          </AuthProvider>
        </DialogsProvider>
      </NavigationProvider>
    </QueryClientProvider>,
  );
}
