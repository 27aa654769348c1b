import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How often, and how many times, a page back from the provider looks again. */
const everyMs = 2_000;
const looks = 30;

/**
 * Back from paying: the provider's confirmation comes by webhook, what was bought a moment later.
 * The page reads `queryKeys` again every 2 seconds for a minute, saying it is waiting (`waiting`),
 * then says where to look (`late`).
 */
export function AwaitingPayment({ queryKeys, waiting, late }: { queryKeys: string[]; waiting: string; late: string }) {
  const queryClient = useQueryClient();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries >= looks) return;
    const timer = setTimeout(() => {
      setTries((n) => n + 1);
      for (const key of queryKeys) void queryClient.invalidateQueries({ queryKey: [key] });
    }, everyMs);
    return () => clearTimeout(timer);
  }, [tries, queryClient, queryKeys]);
  return (
    <Alert severity="info" role="status">
      {tries < looks ? waiting : late}
    </Alert>
  );
}
