import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Part } from '@sprocket/contract';
import { formatPrice } from '../../../lib/money.js';
import { PartImage } from '../../../components/data/part-image.js';
import { PartFigures } from './part-figures.js';

/** The purchase page's left card: everything about one part. */
export function PartDetails({ part }: { part: Part }) {
  return (
    <Card component="article" data-testid="part-details" sx={{ height: '100%' }}>
      <PartImage
        src={part.img}
        alt={part.productName}
        sx={{
          width: '100%',
          aspectRatio: '4 / 3',
        }}
      />
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {part.productName}
        </Typography>
        <Typography variant="h5" component="p" sx={{ color: 'primary.main', mb: 2 }}>
          Price per unit: {formatPrice(part.price)}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
          <PartFigures part={part} />
        </Stack>
        <Divider sx={{ mb: 2 }} />
        <Typography color="textSecondary">{part.description}</Typography>
      </CardContent>
    </Card>
  );
}
