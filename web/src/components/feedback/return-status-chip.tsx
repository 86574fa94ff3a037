import Chip from '@mui/material/Chip';
import { returnStatusLabel, type ReturnStatus } from '@sprocket/contract';

const STATUS_COLOR: Record<ReturnStatus, 'default' | 'primary' | 'success' | 'error'> = {
  asked: 'default',
  approved: 'primary',
  refused: 'error',
  received: 'success',
};

/**
 * A return's step as a chip ("Return asked", "Return approved", …), on the order's page and in
 * the admins' Returns alike (decision 098).
 */
export function ReturnStatusChip({ status }: { status: ReturnStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={returnStatusLabel[status]} />;
}
