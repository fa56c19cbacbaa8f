import { ArrowRightIcon, DownloadIcon, FileTextIcon, RocketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { links } from '@/lib/links';
import { DemoVideoDialog } from './demo-video-dialog';

/** The welcome screen of a new account (docs/product.md, `/intro`). */
export function GetStarted({ onContinue }: { onContinue: () => void }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-8 py-2 md:py-6">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <RocketIcon aria-hidden className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-balance md:text-3xl">
          Let's Get Started with Your License
        </h1>
        <p className="max-w-xl text-muted-foreground">
          You have successfully registered. Two steps and you are ready to run your first migration.
        </p>
      </div>
      <ol className="grid gap-4 md:grid-cols-2">
        <Step number={1} title="Download the migration software">
          <CardDescription>
            Install the migration software on the machine that will run your migrations, then sign in to it with this
            portal account.
          </CardDescription>
          <Footer>
            <a href={links.softwareDownload} target="_blank" rel="noopener noreferrer" className={buttonClassName()}>
              <DownloadIcon aria-hidden />
              Download software
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Footer>
        </Step>
        <Step number={2} title="Learn the basics">
          <CardDescription>
            Follow the quick start guide to set up a project and start your first mailbox migration.
          </CardDescription>
          <Footer>
            <a
              href={links.quickStartGuide}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName({ variant: 'outline' })}
            >
              <FileTextIcon aria-hidden />
              Quick start guide
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            {links.demoVideo && <DemoVideoDialog src={links.demoVideo} />}
          </Footer>
        </Step>
      </ol>
      <div className="flex justify-center">
        <Button size="lg" onClick={onContinue}>
          Continue to Dashboard
          <ArrowRightIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full gap-4">
        <CardHeader>
          <p className="text-xs font-semibold tracking-wider text-primary uppercase">Step {number}</p>
          <CardTitle className="text-lg">{title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4">{children}</CardContent>
      </Card>
    </li>
  );
}

function Footer({ children }: { children: ReactNode }) {
  return <CardFooter className="mt-auto flex-wrap gap-2 px-0">{children}</CardFooter>;
}
