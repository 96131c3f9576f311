import type { PostSection } from '@northbeam/common';

export interface SeedPost {
  section: PostSection;
  slug: string;
  title: string;
  excerpt: string;
  metaDescription: string;
  tags: string[];
  /** Team member id from common/src/team.ts. */
  authorId: string;
  /** Age of the post at seeding time, so that the lists have a natural order. */
  daysAgo: number;
  body: string;
}

/** Built-in articles written into an empty posts table on first start. */
export const seedPosts: SeedPost[] = [
  {
    section: 'consulting',
    slug: 'ai-readiness-before-ai-strategy',
    title: 'AI readiness comes before AI strategy',
    excerpt:
      'Most SMEs start with a list of tools. The ones that succeed start with an honest look at their data, their processes and their people.',
    metaDescription:
      'Why UK SMEs should assess data, process and people readiness before writing an AI strategy, and how to do it in four weeks.',
    tags: ['AI Strategy', 'SMEs', 'Readiness'],
    authorId: 'helena-marsh',
    daysAgo: 3,
    body: `Every board we meet this year asks the same question: *what is our AI strategy?* It is the wrong first question. A strategy written before you understand your own readiness is a wish list, and wish lists are expensive.

## Three things to look at first

Before anyone buys a licence, spend a few weeks on three honest questions.

1. **Data.** Where does the information your people use every day actually live? In a CRM, in spreadsheets, in someone's inbox? AI tools amplify whatever they are pointed at. Point them at a mess and you get a faster mess.
2. **Process.** Which tasks are repeated, rule-based and measurable today? Those are your first candidates. If nobody can describe how a quote is produced, no model will produce it better.
3. **People.** Who will own the change? A pilot without a named owner in the business, not in IT, rarely survives its first quarter.

## What a readiness review looks like

Our four-week reviews follow a simple rhythm. Week one is interviews: fifteen to twenty conversations across the business, from the managing director to the people who answer the phone. Week two maps the data and the handovers between teams. Week three scores opportunities on value, feasibility and risk. Week four turns the scores into a sequenced roadmap with costs.

The output is short on purpose. A ten-page roadmap that people read beats a hundred-page report that sits in a shared drive.

## The governance question

Readiness also means knowing what you will *not* do. Decide early which data may never leave your systems, who signs off a model before it meets a customer, and how you will record decisions. The [ICO's guidance on AI and data protection](https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/artificial-intelligence/) is a good starting point, and it is written for organisations of every size.

## Where to start on Monday

Pick one process that costs you real hours every week. Write down how it works today, step by step, and who touches it. If you can do that in an afternoon, you are readier than most. If you cannot, you have found your first project, and it is not an AI project yet.`,
  },
  {
    section: 'consulting',
    slug: 'business-case-that-finance-will-sign',
    title: 'Writing a digital business case that finance will sign',
    excerpt:
      'Finance directors do not reject transformation. They reject business cases built on vague benefits. Here is how to write one that survives scrutiny.',
    metaDescription:
      'A practical structure for digital transformation business cases: baselines, benefits, costs, risks and the questions finance teams ask.',
    tags: ['Business Case', 'Finance', 'Transformation'],
    authorId: 'helena-marsh',
    daysAgo: 11,
    body: `We have read a lot of business cases for digital programmes. The ones that fail rarely fail because the idea is bad. They fail because the numbers cannot be traced back to anything a finance director recognises.

## Start from a baseline, not a benefit

Every benefit is a change from something. Measure the something first. How many hours a week does the team spend re-keying orders? What does a customer complaint cost to resolve? How long does month-end close take today?

Baselines turn claims into arithmetic. "Automation will save time" becomes "order entry takes 26 hours a week; the pilot removed 70% of it; at a loaded cost of £32 an hour that is £30,000 a year".

## Separate the benefit types

Finance teams treat these differently, so should you:

- **Cash-releasing** savings reduce spend you would otherwise make: licences retired, overtime cut, agency staff not hired.
- **Capacity** savings free people for other work. Real, but only valuable if you say what that work will be.
- **Revenue** benefits depend on customers behaving differently. Give them a range and say what has to be true.
- **Risk reduction** is often the strongest case of all, and the most neglected. What does an outage, a fine or a lost key account cost?

## Show the whole cost

Licences are the easy part. Include integration, data clean-up, training, the internal time of the people who will run the pilot, and a year of support. A case that admits its full cost earns more trust than one that looks cheap.

## Plan the decision points

Do not ask for the whole budget at once. Ask for a discovery phase, then a pilot with success criteria agreed in advance, then the roll-out. Each stage releases funding only if the previous one met its measures. Finance directors like this because it caps their exposure, and delivery teams should like it because it forces clarity.

## A final test

Hand your case to someone outside the project and ask them to explain the three biggest numbers back to you. If they can, it is ready for the finance committee.`,
  },
  {
    section: 'consulting',
    slug: 'ai-governance-for-small-teams',
    title: 'AI governance for teams without a compliance department',
    excerpt:
      'You do not need a committee of twelve to use AI responsibly. A one-page policy, a register and a review habit go a long way.',
    metaDescription:
      'Lightweight AI governance for SMEs: a one-page policy, a use-case register and a simple review habit that satisfies clients and regulators.',
    tags: ['AI Governance', 'Policy', 'Risk'],
    authorId: 'priya-raman',
    daysAgo: 19,
    body: `Clients increasingly ask suppliers how they use AI. Procurement questionnaires now include questions about model use, data handling and human oversight. Small firms often freeze at this point, assuming governance means a compliance department. It does not.

## The one-page policy

Your policy should fit on a single page and answer five questions in plain English:

1. Which tools are approved, and who approves new ones?
2. What data may be put into them, and what never may?
3. When must a person review the output before it is used?
4. How do we tell clients when AI contributed to their work?
5. Who do staff ask when they are unsure?

Write it with the people who will follow it. A policy drafted by one person and emailed to everyone is a policy nobody reads.

## The register

Keep a simple list of every place AI is used in the business: the tool, the purpose, the data involved, the owner and the date it was last reviewed. A spreadsheet is fine. When a client asks how you use AI, you can answer in minutes rather than days.

## The review habit

Once a quarter, spend an hour going through the register. Is each use still needed? Has the vendor changed its terms? Have there been any errors or complaints? Record what you decided. This is the part regulators and auditors care about most: evidence that you look, and that you act on what you find.

## Keeping people in the loop

The most useful control is also the simplest: a named person checks anything that reaches a customer. Generated text can be fluent and wrong. A quick review catches invented facts, wrong prices and tone that does not sound like you.

## Start small, write it down

Governance grows with use. Start with the policy and the register this month, and add more only when your use of AI grows. The point is not paperwork; it is being able to show, at any moment, that you know what your tools are doing and that someone is responsible for them.`,
  },
  {
    section: 'consulting',
    slug: 'change-management-is-the-project',
    title: 'Change management is not a workstream. It is the project.',
    excerpt:
      'Technology is rarely what sinks a transformation. Adoption is. Treat the people side as the main deliverable and plan accordingly.',
    metaDescription:
      'Why adoption, not technology, decides the success of digital transformation, and the practical habits that get new systems used.',
    tags: ['Change Management', 'Adoption', 'Leadership'],
    authorId: 'daniel-okafor',
    daysAgo: 27,
    body: `Look at any programme plan and you will usually find "change management" as one line among twenty, often owned by someone part-time, often starting a month before go-live. Then everyone is surprised when the new system is live but the old spreadsheets are still in use.

## Adoption is the outcome

A system nobody uses delivers none of its business case. So measure adoption from the first day, not after launch. Who logged in this week? Which tasks still happen outside the system? Where do people get stuck?

## What works in practice

Over dozens of programmes, a handful of habits make the difference:

- **Involve the sceptics early.** The person who complains loudest about the old process knows where the bodies are buried. Put them in the design sessions.
- **Ship something in the first month.** A small, visible improvement builds more belief than any number of town halls.
- **Train on real work.** Generic training decks are forgotten by Friday. Sit with people and do their actual tasks in the new tool.
- **Switch things off.** If the old route stays open, people will use it. Agree a date and retire it.
- **Celebrate the boring wins.** Ten minutes saved on every invoice is worth a mention in the team meeting.

## Leaders set the tone

If the managing director still asks for the report in the old format, the new system has already lost. Leaders have to use the new tools visibly and ask their teams about them. This is uncomfortable for busy people, and it is the single strongest signal a business can send.

## A simple adoption dashboard

We give every client a one-screen view with three numbers: active users this week, share of the target process done in the new system, and open support questions. Reviewed weekly by the sponsor, it keeps adoption on the agenda long after the launch celebration.

Technology projects end. Change programmes end when the new way is simply how work gets done, and that is the only finish line that matters.`,
  },
  {
    section: 'labs',
    slug: 'prototype-in-two-weeks',
    title: 'How we take an idea to a working prototype in two weeks',
    excerpt:
      'A fortnight is enough to learn whether an idea deserves funding. Here is the exact rhythm Northbeam Labs uses, day by day.',
    metaDescription:
      'The two-week prototyping sprint used by Northbeam Labs: framing, building, testing with real users and deciding what happens next.',
    tags: ['Prototyping', 'Product Discovery', 'Labs'],
    authorId: 'daniel-okafor',
    daysAgo: 2,
    body: `Most ideas die in meetings. They are discussed, refined, re-scoped and discussed again until the moment has passed. At Labs we prefer a different test: build the smallest version that can meet a real user, then decide.

## Days one and two: frame the bet

We write the idea as a testable bet: *we believe that this group of people will do this thing because of this reason, and we will know we are right when we see this signal.* If we cannot agree on the signal, we are not ready to build.

We also list what we will fake. A prototype is allowed to have a person behind the curtain doing what the software will later automate. That is not cheating; it is focus.

## Days three to eight: build

The team is small: one engineer, one designer, one person from the client who knows the domain. We use boring, proven tools so that all our energy goes into the idea, not the plumbing. A typical starting point looks like this:

\`\`\`bash
npm create vite@latest prototype -- --template react-ts
cd prototype && npm install
npm run dev
\`\`\`

Each afternoon ends with a short demo to the sponsor. Feedback arrives daily, so we never spend more than a day going the wrong way.

## Days nine and ten: put it in front of people

We recruit five to eight real users and watch them use it. Not a survey, not a focus group: real tasks, in silence, with notes. Five sessions reveal most of the big problems.

## The decision

On the last day we go back to the signal we wrote on day one and ask whether we saw it. There are only three answers:

- **Continue:** the signal was strong; plan a pilot with real data.
- **Change:** people wanted something nearby; reframe and run another sprint.
- **Stop:** the idea did not land; we saved months and a lot of money.

All three are good outcomes. The only bad outcome is not knowing.`,
  },
  {
    section: 'labs',
    slug: 'retrieval-augmented-generation-in-practice',
    title: 'Retrieval-augmented generation in practice: lessons from five pilots',
    excerpt:
      'Connecting a language model to your own documents sounds simple. The hard parts are chunking, evaluation and knowing when the answer is not there.',
    metaDescription:
      'Practical lessons on retrieval-augmented generation from five client pilots: document preparation, chunking, evaluation and safe refusals.',
    tags: ['RAG', 'LLMs', 'Evaluation'],
    authorId: 'daniel-okafor',
    daysAgo: 9,
    body: `Over the last year Labs has built five retrieval-augmented generation pilots: assistants that answer questions from a company's own policies, manuals and past proposals. Each one taught us something the tutorials skip.

## Your documents are the product

The model is the least interesting part. Most of the effort goes into the documents: finding the current version, removing duplicates, fixing scanned PDFs and deciding who owns each source. In one pilot, a third of the policy library was out of date. The assistant would have answered confidently and wrongly.

## Chunking is a design decision

Splitting documents into passages sounds mechanical, but it shapes every answer. We have had the best results when chunks follow the document's own structure: a heading and the paragraphs under it, rather than a fixed number of characters. Tables need special care; flattening them into text loses the meaning of the columns.

## Evaluate before you demo

Before anyone outside the team sees the assistant, we build a test set of forty to sixty real questions with known answers, written by the people who will use it. Every change to prompts, chunking or models is run against it. We track three things:

- **Correct:** the answer matches the source.
- **Grounded:** every claim is supported by a retrieved passage.
- **Refused well:** when the answer is not in the documents, the assistant says so.

The third matters more than people expect. An assistant that admits ignorance earns trust; one that invents a policy loses it permanently.

## Show the sources

Every answer links to the passages it used. Users check them more often than you would think, especially in the first weeks, and that habit catches errors early.

## Costs are manageable

For a library of a few thousand documents, running costs were a small fraction of the time saved. The real cost is the ongoing care of the documents, so agree an owner before you launch.

RAG is not magic. It is a search engine with a very good writer attached, and it is only as good as what it finds.`,
  },
  {
    section: 'labs',
    slug: 'from-prototype-to-ip',
    title: 'From prototype to intellectual property: protecting what you build',
    excerpt:
      'A successful prototype raises an awkward question: who owns it? Settle IP, data rights and licensing before the first line of code.',
    metaDescription:
      'How to handle intellectual property, data rights and open-source licences when building prototypes with a partner in the UK.',
    tags: ['Intellectual Property', 'Licensing', 'Innovation'],
    authorId: 'helena-marsh',
    daysAgo: 16,
    body: `Prototypes have a way of succeeding at inconvenient moments. A pilot goes well, investors get interested, and suddenly everyone wants to know who owns the code, the designs and the model that was trained on the client's data. Those are much easier questions to answer on day one.

## Agree ownership up front

Our standard position is simple: the client owns what is built specifically for them, and we keep the general tools and know-how we bring to every project. Whatever you agree, write it down before work starts, including what happens to materials created jointly in workshops.

## Data rights are separate

Owning the code does not mean owning the data, and vice versa. If a model is trained or tuned on customer records, check that your privacy notices cover that use. If it is trained on a partner's data, agree whether the resulting model can be used elsewhere. These questions are increasingly part of due diligence when a business is sold or raises money.

## Watch the licences

Almost every prototype uses open-source software, and that is a good thing. But licences differ:

- **Permissive** licences such as MIT and Apache 2.0 let you build commercial products with few obligations beyond attribution.
- **Copyleft** licences such as the GPL can require you to publish your own source code if you distribute the product.
- **Model licences** for AI weights vary widely, and some restrict commercial use or certain industries.

Keep a simple list of every dependency and its licence. Tools can generate it automatically, and it will save days in any future audit.

## Consider what is worth protecting

Not everything needs a patent. In software, speed and know-how are often better protection than paperwork. But trade marks for a product name, design rights for a distinctive interface and good confidentiality agreements are cheap and worth having. The [Intellectual Property Office](https://www.gov.uk/government/organisations/intellectual-property-office) offers free guidance for small businesses.

The best time to think about IP is before it is valuable. The second best time is now.`,
  },
  {
    section: 'labs',
    slug: 'measuring-ai-pilots',
    title: 'Measuring an AI pilot: the five numbers that matter',
    excerpt:
      'Pilots are judged on feelings far too often. Five simple measures tell you whether to scale, change or stop.',
    metaDescription:
      'Five measures for judging an AI pilot objectively: task time, quality, adoption, cost per task and incidents, with how to collect each.',
    tags: ['AI Pilots', 'Metrics', 'Labs'],
    authorId: 'priya-raman',
    daysAgo: 23,
    body: `At the end of a pilot, someone always asks whether it worked. Without agreed measures, the answer depends on who you ask. We settle it before the pilot starts with five numbers.

## 1. Time per task

Measure how long the task takes today and how long it takes with the new tool. Use real work, timed over at least two weeks, not a demonstration. Self-reported times are better than nothing, but system timestamps are better still.

## 2. Quality

Faster is useless if the result is worse. Define what good looks like for the task, whether that is an accurate summary, a correct classification or an email a customer does not complain about, and sample outputs every week. A second person scoring blind keeps everyone honest.

## 3. Adoption

What share of eligible tasks actually went through the new tool? Low adoption is often the first sign of a usability problem or a missing feature, and it is invisible unless you count it.

## 4. Cost per task

Add up licences, usage fees, support time and the time people spend checking outputs, then divide by the number of tasks. Compare it with today's cost. This is the number the finance team will ask for first.

## 5. Incidents

Count errors that reached a customer, data handled in the wrong place and complaints. A pilot with zero incidents and modest savings is often a better candidate for scaling than one with large savings and a few alarming mistakes.

## Making the call

Put the five numbers on one page with the targets you agreed at the start. Then the decision is mostly arithmetic:

- Targets met and incidents low: **scale** it, with the same measures running.
- Quality or adoption short: **change** the design and run another short cycle.
- Cost or incidents too high: **stop**, and write down what you learned.

Agreeing the numbers first does something else, too: it makes the pilot team focus on what matters from the first day, rather than on impressive demos.`,
  },
];
