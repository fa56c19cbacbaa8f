import { CirclePlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/** Step 2's demo video, played in a dialog (docs/product.md, `/intro`). */
export function DemoVideoDialog({ src }: { src: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CirclePlayIcon aria-hidden />
          Watch demo video
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Demo video</DialogTitle>
          <DialogDescription>A short tour of a first mailbox migration.</DialogDescription>
        </DialogHeader>
        <video src={src} controls playsInline preload="metadata" className="aspect-video w-full rounded-md bg-black">
          <track kind="captions" />
        </video>
      </DialogContent>
    </Dialog>
  );
}
