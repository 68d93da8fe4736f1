/**
 * One example request and 2xx response per operation of the OpenAPI document, keyed by
 * `operationId`. Each was recorded from a real run of the route (the trip example's first turn,
 * `examples/suggest/match.json`, a v1 ticket contract) and is checked by
 * `openapi-examples.test.ts`: every request example parses through the schema the route
 * validates with and is answered 2xx by a live server, every response example parses through the
 * response schema; Redocly checks them against the document's JSON Schemas as well.
 */

/** One operation's example. */
export interface OperationExample {
  /** What the example shows, in a line. */
  readonly summary: string;
  /** The JSON request body, for operations that take one. */
  readonly request?: unknown;
  /** Path and query parameters by name, as the URL carries them (text). */
  readonly parameters?: Readonly<Record<string, string>>;
  /** The 2xx response body: JSON; for NDJSON, its lines, each as the JSON it holds. */
  readonly response: unknown;
}

/** The v1 ticket contract the verification, probe, effect and export examples share. */
const TICKET_CONTRACT = {
  contract_version: 'v1',
  interaction_kind: 'ticket_inventory',
  entity_roles: {
    customer: 'buyer',
  },
  authority_status: 'payment_authoritative',
  fallback_body: 'Two tickets are shown as available; nothing is reserved yet.',
  must_include: ['nothing is reserved'],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: ['reserved two tickets'],
};

/** The effect the verification example stored: the verify answer and `getEffect` show the same one, the export one like it. */
const TICKET_EFFECT = {
  id: 'eff_01a23274f5401be4919d4cac3c42',
  created_at: '2026-12-01T16:34:15.488Z',
  trace_id: '00fd071c9de2fff8b43541a6d55a6fbd',
  contract_version: 'v1',
  interaction_kind: 'ticket_inventory',
  authority_status: 'payment_authoritative',
  entity_roles: {
    customer: 'buyer',
  },
  status: 'fallback',
  selected_candidate: null,
  body: 'Two tickets are shown as available; nothing is reserved yet.',
  candidates: [
    {
      index: 0,
      passed: false,
      missing_must_include: ['nothing is reserved'],
      missing_must_ask: [],
      missing_canonical_terms: [],
      forbidden_terms_present: ['reserved two tickets'],
      forbidden_matches: [
        {
          term: 'reserved two tickets',
          start: 15,
          end: 35,
          disguises: [],
        },
      ],
      normalization_hints: [],
      disguises_seen: [],
    },
  ],
};

/** The examples, by `operationId`. */
export const operationExamples: Readonly<Record<string, OperationExample>> = {
  verifyReply: {
    summary: 'A v1 contract refuses a reply that claims a reservation; the fallback is selected',
    request: {
      contract: TICKET_CONTRACT,
      candidates: ['Great news, we reserved two tickets for you!'],
    },
    response: {
      body: 'Two tickets are shown as available; nothing is reserved yet.',
      effect: TICKET_EFFECT,
    },
  },
  probeContract: {
    summary: "The contract's forbidden term is accepted in disguises it does not match",
    request: {
      contract: TICKET_CONTRACT,
    },
    response: {
      contract_version: 'v1',
      findings: [
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. r353rv3d 7w0 7ick375.',
          message: '"reserved two tickets" disguised by leet ("r353rv3d 7w0 7ick375") inside the fallback body is accepted',
          disguises: ['leet'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. reeeeserved two tickets.',
          message: '"reserved two tickets" disguised by stretched ("reeeeserved two tickets") inside the fallback body is accepted',
          disguises: ['stretched'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. r e s e r v e d   t w o   t i c k e t s.',
          message: '"reserved two tickets" disguised by separated ("r e s e r v e d   t w o   t i c k e t s") inside the fallback body is accepted',
          disguises: ['separated'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. reservedtwotickets.',
          message: '"reserved two tickets" disguised by joined ("reservedtwotickets") inside the fallback body is accepted',
          disguises: ['joined'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. r*served two tickets.',
          message: '"reserved two tickets" disguised by masked ("r*served two tickets") inside the fallback body is accepted',
          disguises: ['masked'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. <b>reserved t</b>wo tickets.',
          message: '"reserved two tickets" disguised by markup ("<b>reserved t</b>wo tickets") inside the fallback body is accepted',
          disguises: ['markup'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. 🅡🅔🅢🅔🅡🅥🅔🅓 🅣🅦🅞 🅣🅘🅒🅚🅔🅣🅢.',
          message: '"reserved two tickets" disguised by styled ("🅡🅔🅢🅔🅡🅥🅔🅓 🅣🅦🅞 🅣🅘🅒🅚🅔🅣🅢") inside the fallback body is accepted',
          disguises: ['styled'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. r̶e̶s̶e̶r̶v̶e̶d̶ t̶w̶o̶ t̶i̶c̶k̶e̶t̶s̶.',
          message: '"reserved two tickets" disguised by marks ("r̶e̶s̶e̶r̶v̶e̶d̶ t̶w̶o̶ t̶i̶c̶k̶e̶t̶s̶") inside the fallback body is accepted',
          disguises: ['marks'],
        },
        {
          kind: 'disguise',
          terms: ['reserved two tickets'],
          paths: ['forbidden_terms[0]'],
          candidate: 'Two tickets are shown as available; nothing is reserved yet. R333353RV3D 7W0 7ICK375.',
          message: '"reserved two tickets" disguised by leet + stretched + case ("R333353RV3D 7W0 7ICK375") inside the fallback body is accepted',
          disguises: ['case', 'leet', 'stretched'],
        },
      ],
      notes: [
        'matching.forbidden_terms "folded" leaves case, leet, stretched, separated, joined, masked, markup, styled, marks open; "loose" closes case, leet, stretched, separated, joined, masked, markup, styled, marks',
        'paraphrase attacks skipped: no model is configured (set WARRANT_MODEL, or a model for the task "probe")',
      ],
      open_disguise_classes: ['case', 'leet', 'stretched', 'separated', 'joined', 'masked', 'markup', 'styled', 'marks'],
      closed_by_loose: ['case', 'leet', 'stretched', 'separated', 'joined', 'masked', 'markup', 'styled', 'marks'],
      paraphrase: {
        status: 'skipped',
        reason: 'no model is configured',
      },
      model_calls: [],
    },
  },
  getEffect: {
    summary: 'The effect of the verification above',
    parameters: {
      id: 'eff_01a23274f5401be4919d4cac3c42',
    },
    response: {
      effect: TICKET_EFFECT,
      contract: TICKET_CONTRACT,
      candidates: ['Great news, we reserved two tickets for you!'],
    },
  },
  listEffects: {
    summary: 'The newest fallback effect',
    parameters: {
      status: 'fallback',
      limit: '1',
    },
    response: {
      items: [
        {
          id: 'eff_01a23274f5401be4919d4cac3c42',
          created_at: '2026-12-01T16:34:15.488Z',
          status: 'fallback',
          interaction_kind: 'ticket_inventory',
          authority_status: 'payment_authoritative',
          selected_candidate: null,
          body: 'Two tickets are shown as available; nothing is reserved yet.',
          candidate_count: 1,
          trace_id: '00fd071c9de2fff8b43541a6d55a6fbd',
          first_violation: {
            candidate: 0,
            code: 'forbidden_term_present',
            term: 'reserved two tickets',
          },
        },
      ],
      next_cursor: null,
    },
  },
  runTurn: {
    summary: 'The first turn of the trip example: three acts commit, one question is answered',
    request: {
      turn_id: 'example-1',
      conversation_id: 'example',
      locale: 'en',
      message: 'Start a trip to Milan for Ada, with a hotel.',
      understanding: {
        acts: [
          {
            operation: 'start_trip',
            workflow: 'trip',
            record: 'trip-milan',
            values: {
              destination: 'Milan',
            },
          },
          {
            operation: 'add_traveler',
            record: 'trip-milan',
            values: {
              name: 'Ada',
            },
          },
          {
            operation: 'add_extra',
            record: 'trip-milan',
            values: {
              extra: 'hotel',
            },
          },
        ],
        questions: [
          {
            text: 'What else can you do?',
            kind: 'capability',
          },
        ],
      },
    },
    response: {
      turn_id: 'example-1',
      conversation_id: 'example',
      locale: 'en',
      blocks: [
        {
          kind: 'receipt',
          id: 'receipt:trip-milan:1',
          record_id: 'trip-milan',
          workflow: 'trip',
          event_type: 'trip_started',
          revision: 1,
          title: 'Trip started',
          body: 'A trip to Milan is open.',
        },
        {
          kind: 'receipt',
          id: 'receipt:trip-milan:2',
          record_id: 'trip-milan',
          workflow: 'trip',
          event_type: 'traveler_added',
          revision: 2,
          title: 'Traveler added',
          body: 'Ada is on the trip as traveler.',
        },
        {
          kind: 'receipt',
          id: 'receipt:trip-milan:3',
          record_id: 'trip-milan',
          workflow: 'trip',
          event_type: 'extra_added',
          revision: 3,
          title: 'Extra added',
          body: 'hotel is on the trip; nobody pays for it yet.',
        },
        {
          kind: 'answer',
          id: 'answer:0',
          question_index: 0,
          question: 'What else can you do?',
          question_kind: 'capability',
          status: 'answered',
          basis: {
            source: 'operations',
            record_ids: ['trip-milan'],
          },
          text: 'On a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.',
          written_by: 'code',
        },
        {
          kind: 'transition',
          id: 'transition',
          text: 'Trip started: A trip to Milan is open.\nTraveler added: Ada is on the trip as traveler.\nExtra added: hotel is on the trip; nobody pays for it yet.\nOn a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.\nThe extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
          written_by: 'code',
          fallback_reason: null,
        },
      ],
      outcome: {
        done: [
          {
            receipt_id: 'receipt:trip-milan:1',
            title: 'Trip started',
            body: 'A trip to Milan is open.',
          },
          {
            receipt_id: 'receipt:trip-milan:2',
            title: 'Traveler added',
            body: 'Ada is on the trip as traveler.',
          },
          {
            receipt_id: 'receipt:trip-milan:3',
            title: 'Extra added',
            body: 'hotel is on the trip; nobody pays for it yet.',
          },
        ],
        not_done: [],
        disputes: [],
        starting: [],
        ask: {
          id: 'ask:obligation:trip-milan:payer:0',
          kind: 'obligation',
          text: 'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
          record_id: 'trip-milan',
          awaiting: {
            operation: 'set_payer',
            record: 'trip-milan',
            workflow: 'trip',
            values: {
              extra: 'hotel',
            },
            answers: 'payer',
          },
        },
        card: null,
      },
      ask: {
        id: 'ask:obligation:trip-milan:payer:0',
        kind: 'obligation',
        text: 'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
        record_id: 'trip-milan',
        awaiting: {
          operation: 'set_payer',
          record: 'trip-milan',
          workflow: 'trip',
          values: {
            extra: 'hotel',
          },
          answers: 'payer',
        },
      },
      about_record: 'trip-milan',
      in_view: ['trip-milan'],
      evidence: {
        model_calls: [],
        understanding_failure: null,
        events_committed: 3,
      },
    },
  },
  getTurn: {
    summary: 'The turn above, as stored',
    parameters: {
      id: 'example-1',
    },
    response: {
      id: 'example-1',
      conversation_id: 'example',
      created_at: '2026-12-01T16:34:16.089Z',
      input: {
        locale: 'en',
        message: 'Start a trip to Milan for Ada, with a hotel.',
        turn_id: 'example-1',
        understanding: {
          acts: [
            {
              record: 'trip-milan',
              values: {
                destination: 'Milan',
              },
              workflow: 'trip',
              operation: 'start_trip',
            },
            {
              record: 'trip-milan',
              values: {
                name: 'Ada',
              },
              operation: 'add_traveler',
            },
            {
              record: 'trip-milan',
              values: {
                extra: 'hotel',
              },
              operation: 'add_extra',
            },
          ],
          questions: [
            {
              kind: 'capability',
              text: 'What else can you do?',
            },
          ],
        },
        conversation_id: 'example',
      },
      result: {
        ask: {
          id: 'ask:obligation:trip-milan:payer:0',
          kind: 'obligation',
          text: 'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
          awaiting: {
            record: 'trip-milan',
            values: {
              extra: 'hotel',
            },
            answers: 'payer',
            workflow: 'trip',
            operation: 'set_payer',
          },
          record_id: 'trip-milan',
        },
        blocks: [
          {
            id: 'receipt:trip-milan:1',
            body: 'A trip to Milan is open.',
            kind: 'receipt',
            title: 'Trip started',
            revision: 1,
            workflow: 'trip',
            record_id: 'trip-milan',
            event_type: 'trip_started',
          },
          {
            id: 'receipt:trip-milan:2',
            body: 'Ada is on the trip as traveler.',
            kind: 'receipt',
            title: 'Traveler added',
            revision: 2,
            workflow: 'trip',
            record_id: 'trip-milan',
            event_type: 'traveler_added',
          },
          {
            id: 'receipt:trip-milan:3',
            body: 'hotel is on the trip; nobody pays for it yet.',
            kind: 'receipt',
            title: 'Extra added',
            revision: 3,
            workflow: 'trip',
            record_id: 'trip-milan',
            event_type: 'extra_added',
          },
          {
            id: 'answer:0',
            kind: 'answer',
            text: 'On a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.',
            basis: {
              source: 'operations',
              record_ids: ['trip-milan'],
            },
            status: 'answered',
            question: 'What else can you do?',
            written_by: 'code',
            question_kind: 'capability',
            question_index: 0,
          },
          {
            id: 'transition',
            kind: 'transition',
            text: 'Trip started: A trip to Milan is open.\nTraveler added: Ada is on the trip as traveler.\nExtra added: hotel is on the trip; nobody pays for it yet.\nOn a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.\nThe extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
            written_by: 'code',
            fallback_reason: null,
          },
        ],
        locale: 'en',
        in_view: ['trip-milan'],
        outcome: {
          ask: {
            id: 'ask:obligation:trip-milan:payer:0',
            kind: 'obligation',
            text: 'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
            awaiting: {
              record: 'trip-milan',
              values: {
                extra: 'hotel',
              },
              answers: 'payer',
              workflow: 'trip',
              operation: 'set_payer',
            },
            record_id: 'trip-milan',
          },
          card: null,
          done: [
            {
              body: 'A trip to Milan is open.',
              title: 'Trip started',
              receipt_id: 'receipt:trip-milan:1',
            },
            {
              body: 'Ada is on the trip as traveler.',
              title: 'Traveler added',
              receipt_id: 'receipt:trip-milan:2',
            },
            {
              body: 'hotel is on the trip; nobody pays for it yet.',
              title: 'Extra added',
              receipt_id: 'receipt:trip-milan:3',
            },
          ],
          disputes: [],
          not_done: [],
          starting: [],
        },
        turn_id: 'example-1',
        evidence: {
          model_calls: [],
          events_committed: 3,
          understanding_failure: null,
        },
        about_record: 'trip-milan',
        conversation_id: 'example',
      },
      trace_id: '49401b41ba4aba9af4412342cf4877f6',
    },
  },
  listTurns: {
    summary: 'The newest turn of the example conversation',
    parameters: {
      conversation_id: 'example',
      limit: '1',
    },
    response: {
      items: [
        {
          id: 'example-1',
          conversation_id: 'example',
          created_at: '2026-12-01T16:34:16.089Z',
          reply:
            'Trip started: A trip to Milan is open.\nTraveler added: Ada is on the trip as traveler.\nExtra added: hotel is on the trip; nobody pays for it yet.\nOn a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.\nThe extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
          fallback_reason: null,
          model_failure: false,
          trace_id: '49401b41ba4aba9af4412342cf4877f6',
        },
      ],
      next_cursor: null,
    },
  },
  suggestReplies: {
    summary: 'No gate stops the match; without a model configured the result holds and says why',
    request: {
      match: {
        id: 'match-en-ona',
        language: 'en',
        status: 'open',
        messages: [
          {
            id: 'e1',
            author: 'user',
            text: 'Hi Ona! Your photo from the Curonian Spit looks amazing.',
            sent_at: '2026-11-18T18:00:00Z',
          },
          {
            id: 'e2',
            match_id: 'match-en-ona',
            author: 'match',
            text: 'Thanks! I was there in August. Do you travel much?',
            sent_at: '2026-11-18T18:30:00Z',
          },
          {
            id: 'e3',
            author: 'user',
            text: "Not as much as I'd like, but I hike most weekends.",
            sent_at: '2026-11-18T19:00:00Z',
          },
          {
            id: 'e4',
            author: 'match',
            text: 'Oh nice, what do you like most about hiking?',
            sent_at: '2026-11-19T20:00:00Z',
            reply_to: 'e3',
          },
          {
            id: 'e5',
            author: 'match',
            text: 'Also I saw your photo with the pistol 😄 are you into shooting?',
            sent_at: '2026-11-19T20:01:00Z',
          },
        ],
        details: {
          age: 31,
          city: 'Vilnius',
          smoking: 'never',
          kids: 'wants',
          job: 'architect',
        },
        check_list: [
          {
            id: 'c1',
            question: 'Enjoys outdoor weekends',
            answer: 'yes',
            score: 8,
          },
        ],
        summary: 'She seems playful and responds best to light teasing',
        ai_generations: [
          {
            id: 'g1',
            created_at: '2026-11-18T19:05:00Z',
            analysis: 'Previous analysis: she is testing whether you are serious about dating',
            suggestions: ['Haha you got me there'],
          },
        ],
      },
      now: '2026-11-19T21:00:00Z',
    },
    response: {
      id: 'sug_01a23274f8592c9060878955fb3b',
      result: {
        resultType: 'hold',
        analysisSummary: 'No gate stopped this conversation, but reading it and writing suggestions need a model, and none is configured.',
        question: '',
        suggestions: [],
      },
      evidence: {
        match_id: 'match-en-ona',
        gates: [
          {
            gate: 'match',
            decision: 'pass',
            reason: 'one_root_match',
            detail: {
              match_id: 'match-en-ona',
              messages: 5,
              non_authoritative: {
                summary: true,
                ai_generations: 1,
              },
            },
          },
          {
            gate: 'property',
            decision: 'pass',
            reason: 'no_interpretation_applies',
            detail: {
              resolved: [],
              not_observed: [],
            },
          },
          {
            gate: 'timeline',
            decision: 'needs_model',
            reason: 'burst_reading_needs_model',
            detail: {
              burst: ['e4', 'e5'],
              burst_author: 'match',
              match_burst: ['e4', 'e5'],
              answered: false,
              explicit_callbacks: [
                {
                  message_id: 'e4',
                  refers_to: 'e3',
                  certainty: 'explicit',
                },
              ],
            },
          },
          {
            gate: 'event',
            decision: 'pass',
            reason: 'match_wrote_last',
            detail: {
              state: 'active',
              task: 'reply',
              re_entries: 0,
              boundaries: 0,
              decided_by: 'code',
              suspicions: 0,
              topic_boundaries: [],
            },
          },
          {
            gate: 'profile',
            decision: 'pass',
            reason: 'no_disclosable_facts',
            detail: {
              selected: [],
              relevant: [],
              excluded: [],
            },
          },
          {
            gate: 'router',
            decision: 'needs_model',
            reason: 'obligations_need_model',
            detail: {
              language: 'en',
              task: 'reply',
              ruleset: 'reply',
            },
          },
          {
            gate: 'strategy',
            decision: 'needs_model',
            reason: 'strategy_needs_model',
            detail: {},
          },
        ],
        audits: [],
        candidates: [],
        calls: [],
        needs_model: true,
        unavailable: {
          reason: 'no_model',
          step: null,
          failure: null,
          retry_after_seconds: null,
        },
        suspicions: [],
        boundaries: [],
        state: {
          language: 'en',
          event_state: 'active',
          task: 'reply',
          ruleset: null,
          effort: null,
          obligations: [],
          directions: [],
        },
      },
      trace_id: '814444b1b1437d5cad269b60ef5a79af',
    },
  },
  getSuggestion: {
    summary: 'The suggestion result above, as stored',
    parameters: {
      id: 'sug_01a23274f8592c9060878955fb3b',
    },
    response: {
      id: 'sug_01a23274f8592c9060878955fb3b',
      result: {
        question: '',
        resultType: 'hold',
        suggestions: [],
        analysisSummary: 'No gate stopped this conversation, but reading it and writing suggestions need a model, and none is configured.',
      },
      evidence: {
        calls: [],
        gates: [
          {
            gate: 'match',
            detail: {
              match_id: 'match-en-ona',
              messages: 5,
              non_authoritative: {
                summary: true,
                ai_generations: 1,
              },
            },
            reason: 'one_root_match',
            decision: 'pass',
          },
          {
            gate: 'property',
            detail: {
              resolved: [],
              not_observed: [],
            },
            reason: 'no_interpretation_applies',
            decision: 'pass',
          },
          {
            gate: 'timeline',
            detail: {
              burst: ['e4', 'e5'],
              answered: false,
              match_burst: ['e4', 'e5'],
              burst_author: 'match',
              explicit_callbacks: [
                {
                  refers_to: 'e3',
                  certainty: 'explicit',
                  message_id: 'e4',
                },
              ],
            },
            reason: 'burst_reading_needs_model',
            decision: 'needs_model',
          },
          {
            gate: 'event',
            detail: {
              task: 'reply',
              state: 'active',
              decided_by: 'code',
              re_entries: 0,
              boundaries: 0,
              suspicions: 0,
              topic_boundaries: [],
            },
            reason: 'match_wrote_last',
            decision: 'pass',
          },
          {
            gate: 'profile',
            detail: {
              excluded: [],
              relevant: [],
              selected: [],
            },
            reason: 'no_disclosable_facts',
            decision: 'pass',
          },
          {
            gate: 'router',
            detail: {
              task: 'reply',
              ruleset: 'reply',
              language: 'en',
            },
            reason: 'obligations_need_model',
            decision: 'needs_model',
          },
          {
            gate: 'strategy',
            detail: {},
            reason: 'strategy_needs_model',
            decision: 'needs_model',
          },
        ],
        state: {
          task: 'reply',
          effort: null,
          ruleset: null,
          language: 'en',
          directions: [],
          event_state: 'active',
          obligations: [],
        },
        audits: [],
        match_id: 'match-en-ona',
        boundaries: [],
        candidates: [],
        needs_model: true,
        suspicions: [],
        unavailable: {
          step: null,
          reason: 'no_model',
          failure: null,
          retry_after_seconds: null,
        },
      },
      trace_id: '814444b1b1437d5cad269b60ef5a79af',
    },
  },
  listSuggestions: {
    summary: 'The newest result that held',
    parameters: {
      result_type: 'hold',
      limit: '1',
    },
    response: {
      items: [
        {
          id: 'sug_01a23274f8592c9060878955fb3b',
          created_at: '2026-12-01T16:34:16.281Z',
          match_id: 'match-en-ona',
          result_type: 'hold',
          analysis_summary: 'No gate stopped this conversation, but reading it and writing suggestions need a model, and none is configured.',
          question: '',
          suggestion_count: 0,
          trace_id: '814444b1b1437d5cad269b60ef5a79af',
        },
      ],
      next_cursor: null,
    },
  },
  getTenant: {
    summary: 'The tenant of the key sent',
    response: {
      tenant_id: 'acme',
    },
  },
  verifyEvidence: {
    summary: "Every row of the tenant's evidence matches its seal",
    response: {
      ok: true,
      since: null,
      rows: 7,
      seals: 3,
      chains: 1,
      erasures: [],
      pruned: [],
      problems: [],
    },
  },
  exportEvidence: {
    summary: 'The first record and the last seal of an export, one line each',
    response: [
      {
        kind: 'effects',
        id: 'eff_01a235017c9859a3516ece072aa3',
        record: {
          // The export ran after the verification example, so its effect has its own id and times.
          effect: {
            ...TICKET_EFFECT,
            id: 'eff_01a235017c9859a3516ece072aa3',
            created_at: '2026-12-02T04:26:59.608Z',
            trace_id: '1036954d53a1844f7e2a997b72bff049',
          },
          contract: TICKET_CONTRACT,
          candidates: ['Great news, we reserved two tickets for you!'],
          status: 'fallback',
          interaction_kind: 'ticket_inventory',
        },
        proof: {
          digest: 'e6faa1a6b865fff7aaa8ebf4f1255b2ad6644c0ac5ee91a62d6c702be47bd6fc',
          form: 2,
          seal: '2336f648af15.0#1',
          seal_hash: '20586ce606ce38db981a30adf400e42d8933ecbfe9df1f8e5bb367073a2adf50',
        },
        cursor: 'WyJ2MiIsImV2aWRlbmNlLWV4cG9ydCIsIjAiLCJlZmZfMDFhMjM1MDE3Yzk4NTlhMzUxNmVjZTA3MmFhMyJd',
      },
      {
        kind: 'evidence_seals',
        id: '2336f648af15.0#2',
        record: {
          chain_id: '2336f648af15.0',
          seq: 2,
          prev: '20586ce606ce38db981a30adf400e42d8933ecbfe9df1f8e5bb367073a2adf50',
          hash: '68a890272ef305b3da7e9fd3af5801b0ab481dfb8e09f4f7bff630b4ff20c457',
          covers_from: '2026-12-02T04:26:59.777Z',
          covers_to: '2026-12-02T04:26:59.777Z',
          entries: [{ t: 'suggestions', id: 'sug_01a235017d417b0502ca99cbfe38', d: 'fcc1f5bd42e12e617bacdb47e05e8dac03305c9ff1db072dfeb2a65fb140d05c', v: 2 }],
        },
        cursor: 'WyJ2MiIsImV2aWRlbmNlLWV4cG9ydCIsIjQiLCIyMzM2ZjY0OGFmMTUuMCMyIl0',
      },
    ],
  },
  eraseConversation: {
    summary: 'The example conversation erased',
    parameters: {
      id: 'example',
    },
    response: {
      erased: true,
      erasure_id: 'era_01a23274f8a919316ddac8465474',
      row_count: 5,
      rows: {
        turns: 1,
        turn_events: 3,
        turn_records: 1,
        suggestions: 0,
      },
      earlier: [],
    },
  },
  getHealth: { summary: 'The process answers', response: { status: 'ok' } },
  getReadiness: {
    summary: 'The store answers and accepts a write, every migration is applied, every check passes',
    response: { status: 'ready', checks: { migrations: 'ok', store: 'ok', locales: 'ok' } },
  },
};

type MediaType = { schema?: unknown; examples?: Record<string, { summary: string; value: unknown }> };
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};

/**
 * Writes each operation's example into `document` (an OpenAPI 3.1 document): the request body's
 * and every 2xx response's media types get `examples.default`, each parameter its `example`.
 * Kept apart from the routes' schemas because the schemas are shared components (a contract, a
 * turn result) while an example belongs to one operation.
 */
export function addOperationExamples<T extends { paths?: Record<string, unknown> }>(document: T): T {
  for (const item of Object.values(document.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(item)) {
      const example = operation.operationId === undefined ? undefined : operationExamples[operation.operationId];
      if (example === undefined) continue;
      const named = { default: { summary: example.summary } };
      if (example.request !== undefined) {
        for (const media of Object.values(operation.requestBody?.content ?? {})) media.examples = { default: { ...named.default, value: example.request } };
      }
      for (const parameter of operation.parameters ?? []) {
        const value = example.parameters?.[parameter.name];
        if (value !== undefined) parameter.example = parameter.name === 'limit' ? Number(value) : value;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries(response.content ?? {})) {
          // An event stream's example would be the stream's text; its events are TurnResults, shown on the JSON form.
          if (type === 'text/event-stream') continue;
          media.examples = { default: { ...named.default, value: example.response } };
        }
      }
    }
  }
  return document;
}
