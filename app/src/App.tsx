import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LinkProvider, ToastProvider } from '@hub/ui';
import { createQueryClient } from '@hub/ui/api';
import { RouterLink } from './RouterLink';
import { AppRoutes } from './AppRoutes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <LinkProvider component={RouterLink}>
          <AppRoutes />
        </LinkProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
