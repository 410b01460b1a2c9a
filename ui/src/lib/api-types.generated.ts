// Written by `npm run api-types` from the API's OpenAPI document (platform/dev/api-types/generate.ts): do not edit.
// One type per operation: <OperationId>Response (its success answer; another success status adds <OperationId>Response<status>),
// <OperationId>Body (its JSON body) and <OperationId>Query (its query, but the workspace).

export type DeleteApiConfigCadenceTimingResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type DeleteApiConfigLearningSettingsResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type DeleteApiConfigScoringWeightsResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type DeleteApiConfigSendingResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type DeleteApiConfigTemplatePerformanceResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type GetApiActivityResponse = {
  title: string;
  description: string;
  /**
   * ISO date-time
   */
  time: string;
  icon: string;
  color: string;
}[];
export type GetApiAgentsStatusResponse = {
  /**
   * The agent plugin id, e.g. lead-scoring
   */
  agentName: string;
  status: 'active' | 'learning' | 'analyzing' | 'idle';
  /**
   * What the agent is doing, in a sentence: what runs now, or when it last worked
   */
  activity: string;
  /**
   * Percentages from measured outcomes; null means no data yet
   */
  performance: {
    accuracy: number | null;
    precision: number | null;
    /**
     * Outreach: replies ÷ emails sent, in percent
     */
    engagement: number | null;
    /**
     * Meeting booking: attended ÷ attended and no-shows; other agents: share of their activity executions that succeeded; in percent
     */
    success: number | null;
  };
}[];
export type GetApiAuditResponse = {
  at: string;
  /**
   * `user:<id>` or `token:<id>`
   */
  actor: string;
  /**
   * The user's email, or the API token's name
   */
  actorName: string;
  /**
   * The call, e.g. `PUT /api/config/{key}`
   */
  action: string;
  summary: string;
  /**
   * Its path parameters
   */
  target: {
    [k: string]: unknown | undefined;
  };
  /**
   * The JSON body sent, secrets redacted; null when none or too large
   */
  request: {
    [k: string]: unknown | undefined;
  };
  /**
   * Ids the answer named, e.g. the run started
   */
  result: {
    [k: string]: unknown | undefined;
  };
  before: unknown;
  after: unknown;
}[];
export type GetApiCampaignsIdProspectsResponse = {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  score: number | null;
  sample: boolean;
  outcome: 'not-processed' | 'pending' | 'running' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';
  runId: string | null;
  error: string | null;
  /**
   * The live sequence; null when not enrolled
   */
  sequence: {
    status: 'active' | 'paused' | 'stopped' | 'completed';
    sentSteps: number;
    nextSendAt: string | null;
  } | null;
}[];
export type GetApiCampaignsResponse = {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'draft' | 'completed';
  prospectIds: number[];
  /**
   * Public ids of the mailboxes its emails go out through, by rotation; empty = every active mailbox of the workspace
   */
  mailboxIds: string[];
}[];
export type GetApiConfigCadenceTimingResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type GetApiConfigLearningSettingsResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type GetApiConfigResponse = (
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    }
)[];
export type GetApiConfigScoringWeightsResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type GetApiConfigSendingResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type GetApiConfigTemplatePerformanceResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type GetApiDashboardInsightsResponse = {
  title: string;
  description: string;
  implementedDate: string | null;
  impact: string;
  confidence: number;
  type: string;
  color: string;
}[];
export type GetApiDashboardTrendsResponse = {
  /**
   * ISO week, e.g. 2025-W07 (of the day, for a daily point)
   */
  week: string;
  /**
   * The bucket: an ISO week, or a UTC day YYYY-MM-DD
   */
  period: string;
  /**
   * The bucket's first day, YYYY-MM-DD
   */
  start: string;
  /**
   * Replies per send that week, percent
   */
  responseRate: number;
  /**
   * Meetings booked per send that week, percent
   */
  meetingBookingRate: number;
  /**
   * Mean score (0–100) of the leads scored that week
   */
  leadQualityScore: number;
}[];
export type GetApiExperimentsDecisionPointsResponse = {
  /**
   * What an experiment names as its decisionPoint
   */
  id: string;
  label: string;
  /**
   * What changes for the prospect with each value
   */
  description: string;
  /**
   * The plugin that declares it and acts on the choice
   */
  plugin: string;
  /**
   * The values an experiment may try
   */
  arms: {
    value: string;
    label: string;
  }[];
}[];
export type GetApiExperimentsResponse = {
  id: string;
  name: string;
  decisionPoint: string;
  /**
   * Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace
   */
  population:
    | {
        kind: 'workspace';
      }
    | {
        kind: 'campaign';
        /**
         * A campaign of the workspace
         */
        campaignId: number;
      }
    | {
        kind: 'slice';
        /**
         * The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it
         */
        slice: string;
      };
  state: 'running' | 'converged' | 'stopped';
  /**
   * The declared winner’s arm id, once converged
   */
  winner: string | null;
  /**
   * Why a winner is (not yet) declared, by the declaration rule
   */
  reason: string;
  /**
   * The declaration rule: P(best) and sends per arm
   */
  rule: {
    pBest: number;
    minTrialsPerArm: number;
  };
  arms: {
    id: string;
    label: string;
    value: string;
    /**
     * Prospects it was chosen for
     */
    trials: number;
    /**
     * Summed rewards (positive reply or meeting booked 0.75, attended 1)
     */
    successes: number;
    /**
     * Posterior mean reward rate
     */
    mean: number;
    /**
     * 95% credible interval, lower end
     */
    lower: number;
    /**
     * 95% credible interval, upper end
     */
    upper: number;
    /**
     * Probability this arm is the best
     */
    pBest: number;
  }[];
  /**
   * What the declared winner changed (Auto-Apply on), with its evidence
   */
  change: {
    id: string;
    arm: string;
    /**
     * The value made the population’s default at its decision point
     */
    value: string;
    appliedAt: string;
    evidence: {
      pBest: {
        [k: string]: number | undefined;
      };
      counts: {
        arm: string;
        trials: number;
        successes: number;
      }[];
      reason: string;
    };
    rolledBackAt: string | null;
    rolledBackBy: string | null;
  } | null;
  /**
   * Who started it: user:<id> or token:<id>
   */
  createdBy: string;
  createdAt: string;
  endedAt: string | null;
}[];
export type GetApiInvitationsResponse = {
  /**
   * Names the invitation in this API (not its link)
   */
  id: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  /**
   * Only this account may accept, when set
   */
  email: string | null;
  createdAt: string;
  expiresAt: string;
}[];
export type GetApiMailboxesResponse = {
  id: string;
  fromName: string;
  fromAddress: string;
  signature: string;
  smtp: {
    host: string;
    port: number;
    tls: 'tls' | 'starttls' | 'none';
    user: string;
  };
  imap: {
    host: string;
    port: number;
    tls: 'tls' | 'starttls' | 'none';
  } | null;
  /**
   * How reading replies over IMAP goes; null when the mailbox has no IMAP settings or was never checked
   */
  inbox: {
    lastCheckAt: string | null;
    /**
     * Why the last IMAP check failed (a classified reason, or why the stored password cannot be used); null when it worked
     */
    lastError: string | null;
    /**
     * Replies and bounces read over IMAP so far
     */
    received: number;
  } | null;
  /**
   * A password is stored (encrypted); it is never returned
   */
  passwordSet: true;
  status: 'active' | 'paused';
  pausedReason: string | null;
  dailyCap: number;
  /**
   * The last Test connection, null before the first
   */
  lastTest: {
    at: string;
    ok: boolean;
    error:
      | (
          | 'authentication failed'
          | 'connection refused'
          | 'TLS required'
          | 'TLS failed'
          | 'timed out'
          | 'address not allowed'
          | 'host not found'
          | 'connection failed'
        )
      | null;
  } | null;
  /**
   * Also when its warm-up started
   */
  createdAt: string;
  updatedAt: string;
  /**
   * Emails it has taken on today (the workspace's sending time zone)
   */
  sentToday: number;
  /**
   * The most it sends today: its daily cap, or less while it warms up (5 the first day, +2 a day)
   */
  capToday: number;
  /**
   * Bounces over its last 100 sends, as a fraction; null before its first send
   */
  bounceRate: number | null;
}[];
export type GetApiMeetingsResponse = {
  id: string;
  prospectId: number;
  prospectName: string;
  scheduledAt: string;
  durationMinutes: number;
  status: 'scheduled' | 'completed' | 'no-show' | 'cancelled';
  meetingUrl: string;
  /**
   * When the meeting was booked (the Meeting Scheduler's "This Week" counts these).
   */
  bookedAt: string;
  /**
   * What the prospect answered the invitation from their calendar (an iCalendar REPLY emailed back): accepted, tentative, or declined (which cancelled the meeting); absent until they answer
   */
  rsvp?: 'accepted' | 'tentative' | 'declined';
}[];
export type GetApiMembersResponse = {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  joinedAt: string;
}[];
export type GetApiPipelinesIdVersionsResponse = {
  version: number;
  name: string;
  /**
   * When it was saved; absent for a built-in
   */
  createdAt?: string;
  /**
   * What changed, when it was saved with a note
   */
  note?: string;
}[];
export type GetApiPipelinesResponse = {
  workspaceId?: string;
  pipelineId: string;
  version: number;
  name: string;
  createdAt?: string;
  updatedAt?: string;
  /**
   * A pipeline that ships with Meetflow: read-only, the same in every workspace
   */
  builtIn: boolean;
  description?: string;
  /**
   * Why POST …/duplicate refuses it; absent when it can be duplicated
   */
  cannotDuplicate?: string;
  /**
   * How many versions it has (a built-in has one)
   */
  versions: number;
  /**
   * Null when its runs are not recorded as pipeline runs (the learning cycle runs as its own workflow)
   */
  runs: {
    total: number;
    byStatus: {
      pending: number;
      running: number;
      completed: number;
      failed: number;
      cancelled: number;
    };
    /**
     * The newest run (as GET /api/runs orders them), or null before the first
     */
    last: {
      runId: string;
      status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
      /**
       * Absent while the run is pending
       */
      startedAt?: string;
      createdAt: string;
      /**
       * The pipeline version the run pinned
       */
      version: number;
    } | null;
  } | null;
  [k: string]: unknown | undefined;
}[];
export type GetApiPluginsResponse = {
  id: string;
  name: string;
  version: string;
  description: string;
  kind: string;
  ui: {
    icon: string;
    color: string;
    category: string;
    /**
     * Place in lists, lowest first
     */
    order?: number;
  };
  /**
   * Present for plugins of kind source
   */
  source?: {
    /**
     * How lists and notes name the source, e.g. "Apollo.io"
     */
    displayName: string;
    credentials: {
      /**
       * The config field holding it
       */
      key: string;
      label: string;
      /**
       * A secret is never returned, only whether it is set
       */
      secret: boolean;
      set: boolean;
    }[];
    /**
     * What a search with a wrong credential answers
     */
    credentialsTest: string;
    /**
     * True for the sample source: it answers for every source without credentials and is not offered as a choice
     */
    standIn: boolean;
    /**
     * Every credential is set: discovery searches the provider; otherwise the built-in sample database answers for it (marked sample)
     */
    configured: boolean;
  };
  /**
   * Present for plugins of kind channel: the fields of one account it sends through
   */
  channel?: {
    /**
     * How lists and settings name the channel, e.g. "Email over SMTP"
     */
    displayName: string;
    /**
     * What a message goes to
     */
    address: 'email';
    credentials: {
      /**
       * The field of an account (a mailbox's connection) holding it
       */
      key: string;
      label: string;
      /**
       * A secret is stored sealed and never returned
       */
      secret: boolean;
    }[];
    /**
     * What Test connection answers for a wrong credential
     */
    credentialsTest: string;
  };
  config: {
    /**
     * A JSON Schema
     */
    schema: {
      [k: string]: unknown | undefined;
    };
    /**
     * The config with nothing set
     */
    defaults: {
      [k: string]: unknown | undefined;
    };
    /**
     * The config in force on this server (MEETFLOW_PLUGINS_CONFIG over the defaults), server-only fields left out: what a step's own config goes over
     */
    values: {
      [k: string]: unknown | undefined;
    };
    /**
     * Fields only the server's settings set (credentials, secrets, where a credential is sent): a pipeline step's config may not
     */
    serverOnly: string[];
  };
  activities: {
    name: string;
    /**
     * `<plugin>.<activity>`, as pipeline nodes name it
     */
    qualifiedName: string;
    description: string;
    /**
     * Who may place it in a pipeline: any member (public), sales-ops or admin and above, or nobody (internal: the platform runs it itself)
     */
    access: 'public' | 'sales-ops' | 'admin' | 'internal';
    /**
     * Whether the caller's role in the workspace may place it in a pipeline (the studio's palette)
     */
    placeable: boolean;
    /**
     * A JSON Schema
     */
    input: {
      [k: string]: unknown | undefined;
    };
    /**
     * A JSON Schema
     */
    output: {
      [k: string]: unknown | undefined;
    };
    timeout?: string;
    /**
     * Called by the platform in its own process only (its input carries a secret): never a pipeline step
     */
    inProcess?: true;
  }[];
  collections: string[];
}[];
export type GetApiPricingBidsResponse = {
  sliceId: string;
  isEnabled: boolean;
  baseBid: number;
  maxDailyMeetings: number;
  dailyBudgetCap: number;
}[];
export type GetApiPricingSlicesResponse = {
  sliceId: string;
  sliceName: string;
  tier: 'volume' | 'standard' | 'premium';
  qualityScore: number;
  /**
   * Leads per month.
   */
  leadsVolume: number;
  /**
   * Price per attended meeting, USD, 2 decimals.
   */
  ppm: number;
  /**
   * Meeting probability: the show-up posterior.
   */
  pm: number;
  floor: number;
  cap: number;
  /**
   * USD the bid multiplier applies to: the tier base price.
   */
  basePrice: number;
  /**
   * The workspace's bid on the slice is enabled.
   */
  isActive: boolean;
}[];
export type GetApiProspectsResponse = {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  score: number | null;
  industry: string | null;
  /**
   * Where the prospect came from (e.g. linkedin, apollo, csv)
   */
  source: string | null;
  /**
   * True for a fictional person from the built-in sample database: the UI labels it sample data.
   */
  sample: boolean;
}[];
export type GetApiProspectsStatesResponse = {
  id: number;
  status: 'not-processed' | 'in-progress' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';
  /**
   * Its latest prospect-pipeline run; null when never run
   */
  runId: string | null;
  /**
   * Its sequence; null when never enrolled
   */
  sequence: {
    /**
     * running: active or paused; ended: completed or stopped
     */
    state: 'running' | 'ended';
    /**
     * The sequence's own state; null when its workflow did not answer (the worker is down)
     */
    status: ('active' | 'paused' | 'stopped' | 'completed') | null;
    /**
     * Emails it has sent; null when its workflow did not answer
     */
    sentSteps: number | null;
  } | null;
}[];
export type GetApiRunsResponse = {
  runId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  /**
   * `cancelled`: its batch was cancelled before it finished
   */
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  steps: {
    [k: string]:
      | {
          status: 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
          activity: string;
          /**
           * The version of the plugin (its manifest's) that ran the step, once it has started
           */
          pluginVersion?: string;
          attempts: number;
          startedAt?: string;
          endedAt?: string;
          /**
           * `step-outputs/<runId>/<nodeId>`
           */
          outputRef?: string;
          error?: string;
          /**
           * A step with a condition: whether it held, recorded once the step it reads has completed
           */
          conditionMet?: boolean;
        }
      | undefined;
  };
  workflowId?: string;
  temporalRunId?: string;
  /**
   * When the run itself started (a batch's run: when its first step did, not the batch); absent before then
   */
  startedAt?: string;
  /**
   * When the run itself ended (a batch's run: when the last step it ran did, not the batch); absent while it runs
   */
  endedAt?: string;
  error?: string;
  /**
   * Set on a rerun from a step
   */
  restartedFrom?: {
    runId: string;
    nodeId: string;
  };
  /**
   * Set on a rerun of a whole run
   */
  retryOf?: string;
  /**
   * True for a test run of an unsaved draft from the editor (its version is the one it was drafted from)
   */
  draft?: boolean;
  createdAt: string;
  updatedAt: string;
  /**
   * The prospect the run was for (its input's `prospectId`), when the input names one
   */
  prospectId?: number;
  [k: string]: unknown | undefined;
}[];
export type GetApiTemplatesResponse = {
  id: string;
  name: string;
  type: string;
  /**
   * The first subject line of the template, with its {slots}
   */
  subject: string;
  performance: {
    /**
     * The learned (or default) response rate the copywriter plans with, a fraction
     */
    response_rate: number;
  };
  measured: {
    sent: number;
    replied: number;
    /**
     * replied ÷ sent in this workspace; null before any send
     */
    responseRate: number | null;
  };
}[];
export type GetApiTokensResponse = {
  /**
   * Names the token in this API (not the token itself)
   */
  id: string;
  name: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  /**
   * The token's first characters, to tell tokens apart
   */
  prefix: string;
  createdAt: string;
  /**
   * When it was last used (to the minute), null if never
   */
  lastUsedAt: string | null;
  /**
   * When it stops working (401 from then on), null if never
   */
  expiresAt: string | null;
}[];
export type GetApiWebhooksDeliveriesResponse = {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: 'prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled';
  replayOf: string | null;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  reason: string | null;
  attempts: {
    at: string;
    /**
     * The receiver's HTTP status, or null when none came
     */
    status: number | null;
    durationMs: number;
    /**
     * The first 1 KB of the receiver's answer
     */
    body: string;
    /**
     * Why no status came (connection refused, timed out, address not allowed…)
     */
    error: string | null;
  }[];
  createdAt: string;
}[];
export type GetApiWebhooksEventTypesResponse = {
  type: 'prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled';
  /**
   * The JSON Schema (draft 2020-12) of the body a delivery of it sends
   */
  schema: {
    [k: string]: unknown | undefined;
  };
}[];
export type GetApiWebhooksResponse = {
  id: string;
  url: string;
  description: string;
  events: ('prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled')[];
  enabled: boolean;
  /**
   * Why the platform disabled it (the receiver answered 410 Gone), or null
   */
  disabledReason: string | null;
  /**
   * After a rotation: until when the previous secret still signs beside the new one
   */
  previousSecretUntil: string | null;
  createdBy: string;
  createdAt: string;
}[];
export type PostApiInboundEmailResponse =
  | {
      kind: 'bounce';
      /**
       * The addresses that failed for good: suppressed, their sequences stopped
       */
      hardBounces: string[];
      /**
       * Mailboxes that paused themselves on these bounces (over 3 in their last 100 sends)
       */
      pausedMailboxes: string[];
    }
  | {
      kind: 'reply';
      matched: true;
      prospectId: number;
      /**
       * Its In-Reply-To or References names an email Meetflow sent: that email's prospect
       */
      threadedBy: 'message-id';
      handled: {
        classification: {
          category: string;
          action: 'stop' | 'pause' | 'continue';
          confidence: number;
          returnDate: string | null;
          meetingIntent: number;
          /**
           * Days and times the reply offers for a meeting (UTC), with the words they were read from
           */
          proposedTimes: {
            start: string;
            matched: string;
          }[];
          signals: unknown[];
          [k: string]: unknown | undefined;
        };
        sequence: {
          workflowId: string;
          signal: 'reply' | 'unsubscribe';
          state: unknown;
        } | null;
      };
    }
  | {
      kind: 'reply';
      matched: false;
      /**
       * The sender's address
       */
      from: string;
      /**
       * In no thread of ours, but from this prospect's address: held for a person to confirm (GET /api/replies/held); it does nothing by itself
       */
      held?: {
        id: string;
        prospectId: number;
      };
    }
  | {
      kind: 'calendar-reply';
      meetingId: string;
      prospectId: number;
      answer: 'accepted' | 'tentative' | 'declined';
      /**
       * What it did: cancelled, recorded, or why nothing (an older invitation answered, the meeting no longer scheduled)
       */
      done: string;
    };
export type PutApiConfigCadenceTimingResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type PutApiConfigLearningSettingsResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type PutApiConfigScoringWeightsResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type PutApiConfigSendingResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };
export type PutApiConfigTemplatePerformanceResponse =
  | {
      configKey: 'scoringWeights';
      configValue: {
        companySize: number;
        industryMatch: number;
        techStack: number;
        jobTitle: number;
        /**
         * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
         */
        timing?: number;
      };
    }
  | {
      configKey: 'templatePerformance';
      configValue: {
        'roi-focused': number;
        'pain-point': number;
        'value-prop': number;
      };
    }
  | {
      configKey: 'cadenceTiming';
      configValue: {
        step1: number;
        step2: number;
        step3: number;
      };
    }
  | {
      configKey: 'learningSettings';
      configValue: {
        automaticCycles: boolean;
        autoApply: boolean;
        emailReports: boolean;
      };
    }
  | {
      configKey: 'sending';
      configValue: {
        mode: 'review' | 'autonomous';
        timeZone: string;
        window: {
          /**
           * @minItems 1
           * @maxItems 7
           */
          days: number[];
          start: string;
          end: string;
        };
        gapMinutes: {
          min: number;
          max: number;
        };
        newProspectsPerDomainPerDay: number;
        /**
         * Add an open-tracking pixel to every email (opens are approximate); false when left out
         */
        trackOpens: boolean;
      };
    };

export interface DeleteApiBookingLinksProspectIdResponse {
  revoked: true;
  prospectId: number;
}
export interface DeleteApiCalendarsIdResponse {
  removed: true;
  /**
   * An OAuth calendar: whether the provider confirmed revoking Meetflow's access
   */
  revoked?: boolean;
  /**
   * An OAuth calendar whose access was not revoked: why, and where the user removes it themselves
   */
  warning?: string;
}
export interface DeleteApiCrmIdResponse {
  removed: true;
  /**
   * Whether the CRM confirmed revoking Meetflow's access (a grant given through its sign-in)
   */
  revoked: boolean;
  /**
   * Access that was not revoked: why, and where the user revokes it themselves (always, for a typed token)
   */
  warning?: string;
}
export interface DeleteApiInvitationsIdResponse {
  revoked: true;
}
export interface DeleteApiMailboxesIdResponse {
  removed: true;
}
export interface DeleteApiMembersUserIdResponse {
  removed: true;
}
export interface DeleteApiSuppressionsEmailResponse {
  removed: true;
}
export interface DeleteApiTokensIdResponse {
  revoked: true;
}
export interface DeleteApiWebhooksIdResponse {
  removed: true;
}
export interface GetApiActivityQuery {
  limit?: number;
}
export interface GetApiAgentsSettingsResponse {
  /**
   * The copywriter's LLM model; null when no LLM endpoint is configured
   */
  model: string | null;
  /**
   * Whether an OpenAI-compatible endpoint is configured (MEETFLOW_LLM_BASE_URL)
   */
  llmConfigured: boolean;
  /**
   * The copywriter's sampling temperature (MEETFLOW_LLM_TEMPERATURE)
   */
  temperature: number;
  /**
   * The copywriter's token limit per answer (MEETFLOW_LLM_MAX_TOKENS)
   */
  maxTokens: number;
  /**
   * Confidence (0–1) a learning proposal needs to be applied automatically; null without the learning engine
   */
  minConfidence: number | null;
  /**
   * Contacted prospects needed before the scoring weights are refitted from meetings
   */
  minSampleSize: number | null;
  /**
   * Share of the way (0–1] from the scoring weights in force to those refitted from meetings an applied refit moves; null without the learning engine
   */
  learningRate: number | null;
}
export interface GetApiAuditQuery {
  limit?: number;
  offset?: number;
}
export interface GetApiAuthMeResponse {
  user: {
    id: string;
    email: string;
    name: string;
    /**
     * Whether the address is proven theirs (a verification or reset link): needed to accept an invitation bound to it
     */
    emailVerified: boolean;
    /**
     * True for a password someone else chose (the demo owner): until they set their own, only POST /api/auth/password, GET /api/auth/me and sign-out answer
     */
    mustChangePassword: boolean;
  };
  /**
   * Every workspace the user belongs to, with their role in it, oldest membership first
   */
  workspaces: {
    slug: string;
    name: string;
    role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  }[];
}
export interface GetApiBatchesIdResponse {
  batchId: string;
  pipeline: {
    id: string;
    name: string;
    version: number;
  };
  status: 'running' | 'completed' | 'cancelled';
  startedAt: string;
  /**
   * When its last run ended; null while it runs
   */
  finishedAt: string | null;
  total: number;
  /**
   * Runs by status (while it runs: completed = every step settled, failed = a step failed)
   */
  runs: {
    pending: number;
    running: number;
    completed: number;
    failed: number;
    cancelled: number;
  };
  /**
   * One per node, in the order of the definition
   */
  stages: {
    nodeId: string;
    /**
     * The node's label, else its id
     */
    label: string;
    activity: string;
    total: number;
    pending: number;
    /**
     * In a chunk being run now
     */
    running: number;
    completed: number;
    failed: number;
    /**
     * Not run: a condition did not hold, an earlier step failed, or the batch was cancelled
     */
    skipped: number;
    /**
     * A step with a condition: how it came out for the runs whose value it reads has come (known as soon as that step answers, before this step's turn); null for a step without one
     */
    condition: {
      /**
       * Runs for which it held: the step runs (or ran) for them
       */
      met: number;
      /**
       * Runs for which it did not: the step is (or will be) skipped
       */
      unmet: number;
    } | null;
  }[];
  /**
   * Runs finished per minute so far (a run counts in part as each of its steps ends); null before any step has
   */
  runsPerMinute: number | null;
  /**
   * Seconds left at that pace; null once it has ended
   */
  etaSeconds: number | null;
  /**
   * The first 50 failed runs (runs.failed counts them all)
   */
  failures: {
    runId: string;
    /**
     * The step that failed, when the error names it
     */
    nodeId: string | null;
    /**
     * What the step met, without the run's prefix
     */
    error: string;
    input: {
      /**
       * The input's prospectId, when it has one
       */
      prospectId: number | string | null;
      /**
       * The input in one short line
       */
      summary: string;
    };
  }[];
  /**
   * The batch whose failed runs this one retries
   */
  retryOf: string | null;
  /**
   * Batches that retried this one's failed runs, oldest first
   */
  retries: {
    batchId: string;
    startedAt: string;
    total: number;
  }[];
}
export interface GetApiBillingAccountResponse {
  account: {
    billingEmail: string;
    companyName: string;
    address: {
      line1: string;
      line2: string | null;
      city: string;
      postalCode: string;
      /**
       * ISO 3166-1 alpha-2
       */
      country: string;
    };
    taxId: string | null;
    currency: 'USD';
    /**
     * Meeting credits invoiced at each month's start, in cents (0: no pre-pay); the fixed pre-pay, 0 while it is sized from bids
     */
    monthlyPrepayMinor: number;
    /**
     * How the pre-pay is sized (`bids`, `fixed`, `off`); absent on an account saved with monthlyPrepayMinor alone, which means what it always did: fixed when more than 0, else off
     */
    prepayMode?: 'bids' | 'fixed' | 'off';
    /**
     * The payments plugin invoices go through
     */
    provider: 'payments-stripe' | 'payments-paypal';
    updatedAt: string;
  } | null;
}
export interface GetApiBillingDunningResponse {
  /**
   * Null while the workspace sends; else its outreach is held (nothing is dropped; the review queue keeps working) until the invoice is paid
   */
  sendingPaused: {
    /**
     * Why, e.g. "the invoice for 2026-10 is unpaid: 3 payments failed, the last: Your card was declined."
     */
    reason: string;
    since: string;
  } | null;
  /**
   * The unpaid invoices with a failed payment, the latest month first (a paid or voided one drops out)
   */
  invoices: {
    /**
     * YYYY-MM, UTC
     */
    month: string;
    /**
     * The invoice's status (open, uncollectible…)
     */
    status: string;
    /**
     * Failed payments Stripe reported; the third holds sending
     */
    failedPayments: number;
    lastFailure: {
      at: string;
      reason: string;
    } | null;
    /**
     * True when this invoice is why the workspace's sending is held
     */
    holdsSending: boolean;
  }[];
}
export interface GetApiBillingInvoicesMonthLinesResponse {
  /**
   * YYYY-MM, UTC
   */
  month: string;
  lines: {
    /**
     * Which of the month’s invoices the line is on: `usage` (its attended meetings), else the other kind stored
     */
    invoiceKind: string;
    /**
     * The line's key at the provider: the ledger entry's key for a charge or credit
     */
    key: string;
    /**
     * `charge`, `credit` (negative), or a line billing no one meeting
     */
    kind: string;
    meetingId: string | null;
    /**
     * When the meeting took place; null as for the prospect
     */
    attendedAt: string | null;
    /**
     * The meeting's prospect; null when the line bills no one meeting or the meeting is no longer found
     */
    prospect: {
      id: number;
      name: string;
      company: string | null;
    } | null;
    description: string;
    /**
     * Cents: a charge positive, a credit negative
     */
    amountMinor: number;
  }[];
}
export interface GetApiBillingInvoicesResponse {
  invoices: {
    /**
     * YYYY-MM, UTC
     */
    month: string;
    /**
     * `usage`: the month's attended meetings (the true-up); `prepay`: the month's pre-paid meeting credits
     */
    kind: 'usage' | 'prepay';
    /**
     * The payments plugin it was issued through
     */
    provider: string;
    /**
     * `issuing` while (or when) the provider's answer is awaited: issuing the month again finishes it; then the provider's status; `covered`: pre-paid credits paid every meeting, nothing was sent
     */
    status: 'issuing' | 'covered' | 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
    currency: 'USD';
    /**
     * How many lines (charges and credits) it bills
     */
    lines: number;
    /**
     * The charges, summed
     */
    subtotalMinor: number;
    /**
     * The credits (credit notes on it: corrections and pre-paid credits applied), summed
     */
    creditsMinor: number;
    /**
     * subtotalMinor + creditsMinor: what is due
     */
    totalMinor: number;
    /**
     * The provider's invoice number
     */
    number: string | null;
    /**
     * The provider's page where the invoice is seen and paid
     */
    hostedUrl: string | null;
    pdfUrl: string | null;
    issuedAt: string | null;
  }[];
}
export interface GetApiBillingPaymentMethodResponse {
  /**
   * null: none saved yet
   */
  paymentMethod: {
    id: string;
    /**
     * Stripe's kind of method: card, sepa_debit, us_bank_account…
     */
    type: string;
    /**
     * A card's network (visa, mastercard…) or a bank's name
     */
    brand: string | null;
    last4: string | null;
    expMonth: number | null;
    expYear: number | null;
  } | null;
  /**
   * `charge`: invoices are charged to the method a completed setup made the default; `send`: paid on Stripe's page
   */
  collection: 'charge' | 'send';
}
export interface GetApiBillingPrepayQuery {
  /**
   * The UTC month pre-paid, YYYY-MM (default: the next one)
   */
  month?: string;
}
export interface GetApiBillingPrepayResponse {
  /**
   * YYYY-MM, UTC: the month whose credits are pre-paid (invoiced as it starts)
   */
  month: string;
  /**
   * The account's pre-pay mode (`off` without an account)
   */
  mode: 'bids' | 'fixed' | 'off';
  /**
   * True once the month's pre-pay invoice was written: `lines` are then its lines as frozen
   */
  invoiced: boolean;
  /**
   * What the pre-pay invoice bills, in cents (0: none is issued)
   */
  amountMinor: number;
  /**
   * The lines of its invoice: one per slice expecting meetings (from bids), or one (fixed)
   */
  lines: {
    key: string;
    description: string;
    amountMinor: number;
  }[];
  /**
   * What a pre-pay from the bids comes to, slice by slice (shown whatever the mode, so a person choosing one sees it); null once the month was invoiced
   */
  fromBids: {
    /**
     * YYYY-MM: the last full month before it, whose attended meetings size it
     */
    basedOn: string;
    /**
     * Mon–Fri days of the month pre-paid (UTC)
     */
    workingDays: number;
    /**
     * The slices' amountMinor, summed: the pre-pay in cents were it sized from the bids
     */
    amountMinor: number;
    /**
     * Each slice with an enabled bid, by slice id; one with no history expects 0
     */
    slices: {
      sliceId: string;
      sliceName: string;
      /**
       * The bid's multiplier
       */
      baseBid: number;
      /**
       * The bid's most meetings a day
       */
      maxDailyMeetings: number;
      /**
       * The slice's price per attended meeting under the bid, in cents: what the ledger charges one now
       */
      priceMinor: number;
      /**
       * The slice's attended meetings in `basedOn` (charged and not corrected), from the ledger
       */
      attended: number;
      /**
       * maxDailyMeetings × the working days (Mon–Fri) of the month pre-paid
       */
      capMeetings: number;
      /**
       * Expected: attended, at most capMeetings
       */
      meetings: number;
      /**
       * meetings × priceMinor
       */
      amountMinor: number;
      /**
       * The sizing in words
       */
      reason: string;
    }[];
  } | null;
}
export interface GetApiBillingUpcomingQuery {
  /**
   * The UTC month billed, YYYY-MM (default: the current one)
   */
  month?: string;
}
export interface GetApiBillingUpcomingResponse {
  /**
   * YYYY-MM, UTC
   */
  month: string;
  /**
   * The period billed: meetings with attendedAt in [from, to)
   */
  from: string;
  to: string;
  currency: 'USD';
  /**
   * By attendance, each meeting’s entries in the order written; no-shows are no lines
   */
  lines: {
    kind: 'charge' | 'credit';
    /**
     * The ledger entry's key (`<meetingId>:charge:<n>`, `<meetingId>:credit:<n>`): the line's idempotency key
     */
    key: string;
    meetingId: string;
    /**
     * When the meeting took place
     */
    attendedAt: string;
    /**
     * The meeting's prospect; null when the meeting is no longer found
     */
    prospect: {
      id: number;
      name: string;
      company: string | null;
    } | null;
    /**
     * The pricing slice the meeting was charged in
     */
    sliceId: string;
    /**
     * Cents: a charge positive, a credit minus the charge it credits
     */
    amountMinor: number;
    /**
     * On a credit: the key of the charge it credits
     */
    credits: string | null;
    /**
     * The line as an invoice would word it
     */
    description: string;
  }[];
  /**
   * The charges, summed
   */
  subtotalMinor: number;
  /**
   * The credits, summed (zero or negative)
   */
  creditsMinor: number;
  /**
   * subtotalMinor + creditsMinor
   */
  totalMinor: number;
  /**
   * The pre-paid meeting credits and what the month's attended meetings draw from them
   */
  prepaid: {
    /**
     * The pre-paid credits left now, in cents (unused credits roll over)
     */
    balanceMinor: number;
    /**
     * True once the month's true-up drew its credits: `draws` are then those recorded
     */
    closed: boolean;
    /**
     * The charges paid from credits, in order (the last one may be paid in part)
     */
    draws: {
      /**
       * The charge's ledger entry key
       */
      key: string;
      amountMinor: number;
    }[];
    /**
     * The draws, summed
     */
    drawnMinor: number;
    /**
     * What the month's standing charges leave to invoice after the draws
     */
    dueMinor: number;
  };
}
export interface GetApiBookTokenResponse {
  /**
   * Who the link is for
   */
  prospect: {
    firstName: string;
    name: string;
  };
  /**
   * Who they meet: the sender and company of the workspace's offer (null until it has one)
   */
  seller: {
    name: string;
    company: string;
  } | null;
  /**
   * What the meeting is about, from the offer: "<company> <one-liner>"
   */
  purpose: string | null;
  /**
   * How long the meeting is (null when no slot is free and none is booked)
   */
  durationMinutes: number | null;
  timeZone: {
    /**
     * The prospect's time zone when known (the page otherwise uses the browser's)
     */
    prospect: string | null;
    /**
     * The zone the working hours are in
     */
    seller: string;
  };
  /**
   * The free times, earliest first
   */
  slots: {
    start: string;
    end: string;
  }[];
  /**
   * The meeting booked with this link, or null
   */
  meeting: {
    scheduledAt: string;
    durationMinutes: number;
    meetingUrl: string;
    status: 'scheduled';
  } | null;
  reschedulesLeft: number;
  expiresAt: string;
}
export interface GetApiBookingLinksProspectIdResponse {
  prospectId: number;
  /**
   * The link, under the public URL (MEETFLOW_PUBLIC_URL)
   */
  url: string;
  state: 'open' | 'booked' | 'expired' | 'used' | 'revoked';
  createdAt: string;
  expiresAt: string;
  meetingId: string | null;
  reschedules: number;
}
export interface GetApiCalendarsResponse {
  /**
   * The workspace's connected calendar (one at most)
   */
  calendars: {
    /**
     * 16 hex characters
     */
    id: string;
    /**
     * The calendar plugin (kind calendar) that reads and writes it
     */
    pluginId: string;
    /**
     * The plugin's display name
     */
    provider: string;
    /**
     * How it signs in: the plugin's fields (a password), or the provider's sign-in (OAuth tokens, sealed)
     */
    auth: 'fields' | 'oauth';
    /**
     * The account's fields that are not secret (a server URL, a username)
     */
    fields: {
      [k: string]: string | undefined;
    };
    secretSet: true;
    /**
     * The last time it was asked (connect, Test, slots, a booking): whether it answered, and why not
     */
    lastCheck: {
      at: string;
      ok: boolean;
      /**
       * Why not, in plain words
       */
      error: string | null;
    } | null;
    /**
     * The last read of the changes made in the calendar (cancelled and moved meetings), and why it failed
     */
    sync: {
      at: string | null;
      error: string | null;
    };
    createdAt: string;
  }[];
  /**
   * The installed calendar plugins, with the fields each connects with
   */
  providers: {
    pluginId: string;
    displayName: string;
    fields: {
      key: string;
      label: string;
      secret: boolean;
    }[];
    /**
     * What a wrong credential answers, in the plugin's words
     */
    credentialsTest: string;
    /**
     * fields: connected with the fields above (POST /api/calendars); oauth: through the provider's sign-in (POST /api/oauth/{pluginId}/start)
     */
    connect: 'fields' | 'oauth';
    /**
     * For connect: oauth; null otherwise
     */
    oauth: {
      /**
       * Whether this server's OAuth client for the provider is set up
       */
      configured: boolean;
      /**
       * The environment variables the operator sets first (when not configured)
       */
      missing: string[];
    } | null;
  }[];
}
export interface GetApiCampaignsIdProspectsQuery {
  offset?: number;
  limit?: number;
}
export interface GetApiCampaignsIdResponse {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'draft' | 'completed';
  prospectIds: number[];
  /**
   * Public ids of the mailboxes its emails go out through, by rotation; empty = every active mailbox of the workspace
   */
  mailboxIds: string[];
  /**
   * ICP slices its prospects are scored against; empty = every slice
   */
  sliceNames: string[];
  /**
   * The saved prospect-pipeline version it runs; null = the built-in one
   */
  pipelineVersion: number | null;
  createdAt: string;
  /**
   * The latest batch the campaign started; null before any
   */
  batch: {
    batchId: string;
    kind: 'start' | 'retry' | 'added';
    startedAt: string;
    running: boolean;
    total: number;
    stages: {
      nodeId: string;
      label: string;
      total: number;
      /**
       * Not reached yet
       */
      pending: number;
      /**
       * In a chunk being run now
       */
      running: number;
      completed: number;
      failed: number;
      /**
       * Not run for this prospect: an earlier step failed, or the prospect did not qualify
       */
      skipped: number;
      /**
       * completed + failed + skipped
       */
      done: number;
      /**
       * A step with a condition (copy: lead scoring said qualified): for how many runs it held and for how many not, counted as soon as the step it reads answers; null for a step without one
       */
      condition: {
        met: number;
        unmet: number;
      } | null;
    }[];
  } | null;
  /**
   * Each prospect counted once, by its latest prospect-pipeline run (the campaign's, a Process click's or the seed's)
   */
  results: {
    prospects: number;
    /**
     * No prospect-pipeline run yet
     */
    notProcessed: number;
    inProgress: number;
    /**
     * Scored at or above the qualification threshold (counted as soon as scored, mid-batch too)
     */
    qualified: number;
    /**
     * Qualified, with a written sequence they are enrolled in
     */
    enrolled: number;
    /**
     * Scored below the qualification threshold (counted as soon as scored)
     */
    notQualified: number;
    /**
     * A step failed for good (counted as soon as it did), or the run was cancelled
     */
    failed: number;
    /**
     * Not run by this campaign's batches yet ("run new" runs them)
     */
    notRunByCampaign: number;
  };
  /**
   * Why prospects got no sequence, most common first
   */
  skipped: {
    reason: string;
    count: number;
  }[];
  /**
   * Prospects whose latest run failed (the first 50); "retry failed" runs them again
   */
  failures: {
    prospectId: number;
    name: string;
    runId: string;
    error: string;
  }[];
}
export interface GetApiCrmResponse {
  /**
   * The workspace's connected CRM (one at most)
   */
  connection: {
    /**
     * 16 hex characters
     */
    id: string;
    /**
     * The CRM plugin (kind crm) that reads and writes it
     */
    pluginId: string;
    /**
     * The plugin's display name
     */
    provider: string;
    auth: 'fields' | 'oauth';
    /**
     * The account's fields that are not secret (Pipedrive's company address)
     */
    fields: {
      [k: string]: string | undefined;
    };
    secretSet: true;
    /**
     * The last connect or Test: whether the CRM answered, and why not
     */
    lastCheck: {
      at: string;
      ok: boolean;
      error: string | null;
    } | null;
    /**
     * The durable sync
     */
    sync: {
      running: boolean;
      startedAt: string | null;
      /**
       * When the last sync ended
       */
      at: string | null;
      /**
       * Why the last sync stopped, in plain words
       */
      error: string | null;
      /**
       * What the last (or running) sync wrote: records created, updated, skipped (logged before), failed
       */
      counts: {
        created: number;
        updated: number;
        skipped: number;
        failed: number;
      };
      /**
       * Customers and open deals read from the CRM, which discovery leaves out
       */
      exclusions: {
        count: number;
        at: string | null;
      };
      /**
       * Minutes between two syncs when nobody presses Sync now
       */
      intervalMinutes: number;
    };
    createdAt: string;
  } | null;
  providers: {
    pluginId: string;
    displayName: string;
    /**
     * The fields of its connect form (empty when it connects with OAuth only)
     */
    fields: {
      key: string;
      label: string;
      secret: boolean;
    }[];
    /**
     * fields: the form above (POST /api/crm); oauth: through the provider's sign-in (POST /api/oauth/{pluginId}/start), for a CRM with a form taking its fields that are not secret first (Pipedrive's company address and field keys) as the start's account
     */
    connectWith: ('fields' | 'oauth')[];
    /**
     * For a CRM that connects with oauth: whether its sign-in can be used on this server
     */
    oauth: {
      /**
       * Whether this server's OAuth client for the provider is set up
       */
      configured: boolean;
      /**
       * The environment variables the operator sets first (when not configured)
       */
      missing: string[];
    } | null;
  }[];
  /**
   * The sync log, newest first (the last 100 objects; one row per object)
   */
  log: {
    object: 'company' | 'contact' | 'email' | 'meeting';
    /**
     * Meetflow's id of it, the key the CRM write is idempotent by
     */
    externalId: string;
    /**
     * The CRM's id of the record, once written
     */
    crmId: string | null;
    action: 'created' | 'updated' | 'failed';
    error: string | null;
    at: string;
  }[];
}
export interface GetApiDashboardInsightsQuery {
  /**
   * How many recent learning cycles to take insights from
   */
  cycles?: number;
}
export interface GetApiDashboardMetricsResponse {
  /**
   * Learning cycles run in the workspace
   */
  learning_cycles: number;
  /**
   * Replies per send, percent, one decimal
   */
  response_rate: number;
  /**
   * Meetings booked, all time
   */
  meeting_booked: number;
  /**
   * The latest cycle's learning score (0–100), 0 when none
   */
  learning_score: number;
}
export interface GetApiDashboardTrendsQuery {
  /**
   * 7d or 30d: daily points of the last 7 or 30 days; 90d: weekly points of the last 90 days; none: the last 12 weeks with data
   */
  range?: '7d' | '30d' | '90d';
}
export interface GetApiExperimentsIdResponse {
  id: string;
  name: string;
  decisionPoint: string;
  /**
   * Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace
   */
  population:
    | {
        kind: 'workspace';
      }
    | {
        kind: 'campaign';
        /**
         * A campaign of the workspace
         */
        campaignId: number;
      }
    | {
        kind: 'slice';
        /**
         * The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it
         */
        slice: string;
      };
  state: 'running' | 'converged' | 'stopped';
  /**
   * The declared winner’s arm id, once converged
   */
  winner: string | null;
  /**
   * Why a winner is (not yet) declared, by the declaration rule
   */
  reason: string;
  /**
   * The declaration rule: P(best) and sends per arm
   */
  rule: {
    pBest: number;
    minTrialsPerArm: number;
  };
  arms: {
    id: string;
    label: string;
    value: string;
    /**
     * Prospects it was chosen for
     */
    trials: number;
    /**
     * Summed rewards (positive reply or meeting booked 0.75, attended 1)
     */
    successes: number;
    /**
     * Posterior mean reward rate
     */
    mean: number;
    /**
     * 95% credible interval, lower end
     */
    lower: number;
    /**
     * 95% credible interval, upper end
     */
    upper: number;
    /**
     * Probability this arm is the best
     */
    pBest: number;
  }[];
  /**
   * What the declared winner changed (Auto-Apply on), with its evidence
   */
  change: {
    id: string;
    arm: string;
    /**
     * The value made the population’s default at its decision point
     */
    value: string;
    appliedAt: string;
    evidence: {
      pBest: {
        [k: string]: number | undefined;
      };
      counts: {
        arm: string;
        trials: number;
        successes: number;
      }[];
      reason: string;
    };
    rolledBackAt: string | null;
    rolledBackBy: string | null;
  } | null;
  /**
   * Who started it: user:<id> or token:<id>
   */
  createdBy: string;
  createdAt: string;
  endedAt: string | null;
}
export interface GetApiExperimentsSummaryResponse {
  /**
   * The calendar month counted (UTC), YYYY-MM
   */
  month: string;
  /**
   * Experiments running now
   */
  running: number;
  /**
   * Experiments that converged or were stopped this month
   */
  finishedThisMonth: number;
  /**
   * Experiments that ran at some time this month: the real "A/B tests a month"
   */
  testsThisMonth: number;
  /**
   * The learning engine’s learning score (README, "Learning"); null until a winner is applied with sends on both arms
   */
  learningScore: {
    /**
     * Send-weighted mean lift of the applied winners over their controls (0.25 = 25% more reward per send)
     */
    score: number;
    /**
     * Applied experiments counted
     */
    experiments: number;
    /**
     * Their applied arms' sends
     */
    sends: number;
  } | null;
}
export interface GetApiHealthResponse {
  status: 'ok' | 'degraded';
  checks: {
    database: {
      ok: boolean;
      latencyMs: number;
      error?: string;
    };
    temporal: {
      ok: boolean;
      latencyMs: number;
      error?: string;
    };
    /**
     * Whether a worker has polled the task queue lately (nothing runs without one); absent on an API without product routes
     */
    worker?: {
      ok: boolean;
      latencyMs: number;
      error?: string;
    };
  };
}
export interface GetApiIcpResponse {
  icpSlices: {
    name: string;
    description: string;
    /**
     * Mean research confidence of its customers × (0.5 + 0.5 × min(1, customers / 3)) × share of its customers in its main industry.
     */
    confidence: number;
    /**
     * Companies like these: industry companies × size-band share × 0.5 per criteria technology (3 at most), to the nearest 10.
     */
    estimatedVolume: number;
    criteria: {
      /**
       * Industries of the customers in the slice, most common first.
       *
       * @maxItems 50
       */
      industry: string[];
      /**
       * Headcount band spanned by the customers, e.g. "50-200 employees"; "unknown" when no site states one.
       */
      companySize: string;
      /**
       * Buyer and user titles the customers mention, most customers first.
       *
       * @maxItems 50
       */
      jobTitles: string[];
      /**
       * Technologies at least half the customers of the slice use, most common first.
       *
       * @maxItems 50
       */
      techStack: string[];
      /**
       * Problems the customers say their own buyers have, in their words, most common first.
       *
       * @maxItems 50
       */
      painPoints: string[];
    };
  }[];
  /**
   * Mean research confidence over every URL given; a site that could not be read counts 0.
   */
  confidence: number;
  /**
   * What was found where: each site with its evidence, each site that failed and why, how slices were formed.
   */
  analysisNotes: string;
  sourceUrls: string[];
  analyzedAt: string;
}
export interface GetApiIcpSampleSitesResponse {
  /**
   * The sample customer sites served with the app (empty when no sample server is configured).
   */
  urls: string[];
}
export interface GetApiInboundSettingsResponse {
  /**
   * Where an inbound-parse webhook posts raw messages
   */
  url: string;
  /**
   * The header that carries the secret
   */
  header: string;
  /**
   * The workspace's inbound secret (admins only)
   */
  secret: string;
}
export interface GetApiInboxIdResponse {
  message: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  thread: (
    | {
        kind: 'sent';
        at: string;
        subject: string;
        text: string;
        step: number;
        status: string;
        label: string;
        /**
         * Why it has not gone yet (window, cap…); null once sent
         */
        waitReason: string | null;
      }
    | {
        kind: 'received';
        at: string;
        subject: string;
        text: string;
        id: string;
        category: string;
      }
  )[];
}
export interface GetApiInboxQuery {
  /**
   * open (the default): waiting for someone; done; or all
   */
  status?: 'open' | 'done' | 'all';
  category?: string;
  prospectId?: number;
  /**
   * Only replies received before this (the last one shown): the next page
   */
  before?: string;
  limit?: number;
}
export interface GetApiInboxResponse {
  items: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  }[];
  total: number;
  open: number;
}
export interface GetApiLandingPageSocialProofResponse {
  /**
   * @maxItems 6
   */
  testimonials: {
    /**
     * What they said, in their words
     */
    quote: string;
    /**
     * Who said it: a real person who agreed to be quoted
     */
    name: string;
    /**
     * Their job title
     */
    role?: string;
    /**
     * Their company
     */
    company?: string;
  }[];
  /**
   * @maxItems 12
   */
  logos: {
    /**
     * The customer's name: the image's text alternative, or shown as text when there is no image
     */
    name: string;
    /**
     * A path on this site to the image (`/logos/acme.svg`), or a base64 `data:image/…` URI
     */
    image?: string;
  }[];
  /**
   * @maxItems 6
   */
  figures: {
    /**
     * The figure as shown, e.g. "150+"
     */
    value: string;
    /**
     * What it counts, e.g. "companies use Meetflow"
     */
    label: string;
    /**
     * How the deployer knows it, shown beneath it
     */
    source?: string;
  }[];
  /**
   * The pricing tier the landing page marks "Most Popular"; null: none is marked
   */
  mostPopularTier: ('volume' | 'standard' | 'premium') | null;
}
export interface GetApiLearningStatusResponse {
  /**
   * ISO time of the weekly schedule's next run; null when automatic cycles are off or no schedule exists
   */
  nextCycleAt: string | null;
  /**
   * The workspace's "Automatic Learning Cycles" switch
   */
  automaticCycles: boolean;
  /**
   * ISO time of the newest cycle; null before the first
   */
  lastCycleAt: string | null;
  /**
   * Outcome events no cycle has learned from yet
   */
  pendingOutcomes: number;
  /**
   * Scored leads among them
   */
  pendingScoredLeads: number;
  /**
   * Contacted prospects the learning engine needs before it refits the scoring weights
   */
  minSampleSize: number;
  /**
   * The newest cycle's refit of the scoring weights from meetings; null before the first
   */
  scoringRefit: {
    before: {
      companySize: number;
      industryMatch: number;
      techStack: number;
      jobTitle: number;
      timing?: number;
    };
    /**
     * The weights it applies when applied: the weights in force moved `learningRate` of the way to `fitted`
     */
    proposed: {
      companySize: number;
      industryMatch: number;
      techStack: number;
      jobTitle: number;
      timing?: number;
    };
    /**
     * The weights fitted to the meetings; null when no fit was made (and in refits recorded before the learning rate acted)
     */
    fitted: {
      companySize: number;
      industryMatch: number;
      techStack: number;
      jobTitle: number;
      timing?: number;
    } | null;
    /**
     * The step from the weights in force towards the fit (the learning engine's learningRate); null in refits recorded before it acted
     */
    learningRate: number | null;
    /**
     * The proposed weights ranked the held-out prospects better than the weights in force (DeLong z ≥ 1.645)
     */
    better: boolean;
    /**
     * Its weights were written into the workspace (better, and Auto-Apply Optimizations on)
     */
    applied: boolean;
    /**
     * The Auto-Apply Optimizations switch when the cycle ran
     */
    autoApply: boolean;
    /**
     * Why it was or was not applied; `applied` also when auto-apply was off and it only recommends (see `applied`)
     */
    status: 'applied' | 'too-few-leads' | 'too-few-meetings' | 'no-contrast' | 'no-signal' | 'held-out-too-small' | 'not-better';
    /**
     * Held-out AUC of the weights in force; null when no fit was judged
     */
    aucBefore: number | null;
    /**
     * Held-out AUC of the proposed weights (the step, not the fit); null when no fit was judged
     */
    aucAfter: number | null;
    z: number | null;
    /**
     * Contacted prospects learned from
     */
    sampleSize: number;
    /**
     * Meetings booked among them
     */
    meetings: number;
    trainSize: number;
    /**
     * Prospects held out from the fit to judge it (30%)
     */
    heldOutSize: number;
    heldOutMeetings: number;
    /**
     * Meetings the fitted part needs before a refit is tried
     */
    minMeetings: number;
    minSampleSize: number;
    reason: string;
    /**
     * The learning cycle that refitted (the id to roll it back by)
     */
    cycleId: string;
    /**
     * ISO time the cycle applied or recorded it
     */
    at: string;
    rolledBackAt: string | null;
    rolledBackBy: string | null;
  } | null;
}
export interface GetApiMeetingsSlotsQuery {
  count?: number;
  /**
   * A prospect of the workspace: the labels are in their time zone when it is known (else the booking plugin's)
   */
  prospect?: number;
}
export interface GetApiMeetingsSlotsResponse {
  slots: {
    start: string;
    end: string;
    label: string;
  }[];
  timeZone: string;
  source: {
    /**
     * The connected calendar whose free/busy the slots avoid; null: none is connected (the workspace's own meetings only)
     */
    calendar: {
      id: string;
      provider: string;
    } | null;
    /**
     * Set when the calendar could not be read: the slots then avoid only the workspace's own meetings
     */
    warning: string | null;
  };
}
export interface GetApiOauthCallbackQuery {
  /**
   * The authorization code
   */
  code?: string;
  /**
   * The state POST /api/oauth/{pluginId}/start made (one use, 10 minutes)
   */
  state?: string;
  /**
   * The provider refused: access_denied when the user cancelled
   */
  error?: string;
  /**
   * The provider's words (not shown: the page says what happened itself)
   */
  error_description?: string;
  /**
   * Ignored
   */
  error_uri?: string;
  /**
   * Ignored (Microsoft)
   */
  error_subcode?: string;
  /**
   * The scopes granted (Google); ignored
   */
  scope?: string;
  /**
   * Ignored (Google)
   */
  authuser?: string;
  /**
   * Ignored (Google)
   */
  prompt?: string;
  /**
   * Ignored (Google)
   */
  hd?: string;
  /**
   * The issuer (RFC 9207); ignored
   */
  iss?: string;
  /**
   * Ignored (Microsoft)
   */
  session_state?: string;
  /**
   * Ignored (Microsoft)
   */
  admin_consent?: string;
}
export interface GetApiOfferResponse {
  /**
   * Null until someone describes what the workspace sells
   */
  offer: {
    companyName: string;
    website?: string;
    oneLiner: string;
    /**
     * @minItems 2
     * @maxItems 5
     */
    valueProps: {
      pain: string;
      value: string;
    }[];
    /**
     * @maxItems 10
     */
    proofPoints: {
      text: string;
      customer?: string;
      result?: string;
    }[];
    personas: {
      /**
       * @maxItems 20
       */
      titles: string[];
      /**
       * @maxItems 10
       */
      seniority?: string[];
    };
    tone: 'formal' | 'plain';
    callToAction: {
      meetingMinutes: number;
      bookingLink?: string;
    };
    senderName: string;
    senderTitle?: string;
    sample?: boolean;
  } | null;
}
export interface GetApiOpenapiJsonResponse {
  openapi: string;
  info: {
    title: string;
    version: string;
    [k: string]: unknown | undefined;
  };
  paths: {
    [k: string]: unknown | undefined;
  };
  [k: string]: unknown | undefined;
}
export interface GetApiOutboxNextUpQuery {
  /**
   * How many to show, soonest first
   */
  limit?: number;
}
export interface GetApiOutboxNextUpResponse {
  items: {
    prospectId: number;
    prospect: {
      firstName: string;
      lastName: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    campaign: {
      id: number;
      name: string;
    } | null;
    step: number;
    /**
     * send: written (and approved, or autonomous), waiting for its send; write: the sequence's next step, written when its day comes
     */
    stage: 'send' | 'write';
    /**
     * When it goes out (send) or is written (write); null: due now
     */
    at: string | null;
    /**
     * Why it waits until then, in words
     */
    reason: string;
  }[];
}
export interface GetApiOutboxQuery {
  /**
   * Only emails with this status (pending_review: the review queue)
   */
  status?: 'pending_review' | 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'rejected';
  /**
   * Only emails of this campaign
   */
  campaignId?: number;
  page?: number;
  limit?: number;
}
export interface GetApiOutboxResponse {
  items: {
    id: string;
    prospectId: number;
    prospect: {
      firstName: string;
      lastName: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    campaign: {
      id: number;
      name: string;
    } | null;
    step: number;
    subject: string;
    body: string;
    status: 'pending_review' | 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'rejected';
    /**
     * A reviewer changed it: what is sent is the edit
     */
    edited: boolean;
    reviewedBy: string | null;
    reviewedAt: string | null;
    waitingUntil: string | null;
    /**
     * Why it has not gone yet: the daily cap, the sending window, the domain limit…
     */
    waitReason: string | null;
    sentAt: string | null;
    mailbox: {
      id: string;
      fromAddress: string;
    } | null;
    error: string | null;
    /**
     * The researched facts the email cites, each with where it was read
     */
    facts: {
      id: string;
      kind: string;
      value: string;
      evidence: {
        url: string;
        snippet: string;
      };
    }[];
    createdAt: string;
  }[];
  total: number;
  page: number;
  limit: number;
}
export interface GetApiPipelinesIdDiffQuery {
  /**
   * The older version
   */
  from: number;
  /**
   * The newer version (default: the latest)
   */
  to?: number;
}
export interface GetApiPipelinesIdDiffResponse {
  pipelineId: string;
  from: number;
  to: number;
  nodes: {
    added: string[];
    removed: string[];
    changed: {
      id: string;
      /**
       * `activity`, `when`, `input.<field>`, …
       */
      changes: string[];
    }[];
  };
  edges: {
    added: {
      from: string;
      to: string;
    }[];
    removed: {
      from: string;
      to: string;
    }[];
  };
}
export interface GetApiPipelinesIdQuery {
  version?: number;
}
export interface GetApiPipelinesIdResponse {
  workspaceId?: string;
  pipelineId: string;
  version: number;
  name: string;
  createdAt?: string;
  updatedAt?: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  /**
   * What this version changes, as said when it was saved
   */
  note?: string;
  /**
   * A pipeline that ships with Meetflow: read-only, the same in every workspace
   */
  builtIn: boolean;
  description?: string;
  /**
   * Why POST …/duplicate refuses it; absent when it can be duplicated
   */
  cannotDuplicate?: string;
  [k: string]: unknown | undefined;
}
export interface GetApiPluginsIdResponse {
  id: string;
  name: string;
  version: string;
  description: string;
  kind: string;
  ui: {
    icon: string;
    color: string;
    category: string;
    /**
     * Place in lists, lowest first
     */
    order?: number;
  };
  /**
   * Present for plugins of kind source
   */
  source?: {
    /**
     * How lists and notes name the source, e.g. "Apollo.io"
     */
    displayName: string;
    credentials: {
      /**
       * The config field holding it
       */
      key: string;
      label: string;
      /**
       * A secret is never returned, only whether it is set
       */
      secret: boolean;
      set: boolean;
    }[];
    /**
     * What a search with a wrong credential answers
     */
    credentialsTest: string;
    /**
     * True for the sample source: it answers for every source without credentials and is not offered as a choice
     */
    standIn: boolean;
    /**
     * Every credential is set: discovery searches the provider; otherwise the built-in sample database answers for it (marked sample)
     */
    configured: boolean;
  };
  /**
   * Present for plugins of kind channel: the fields of one account it sends through
   */
  channel?: {
    /**
     * How lists and settings name the channel, e.g. "Email over SMTP"
     */
    displayName: string;
    /**
     * What a message goes to
     */
    address: 'email';
    credentials: {
      /**
       * The field of an account (a mailbox's connection) holding it
       */
      key: string;
      label: string;
      /**
       * A secret is stored sealed and never returned
       */
      secret: boolean;
    }[];
    /**
     * What Test connection answers for a wrong credential
     */
    credentialsTest: string;
  };
  config: {
    /**
     * A JSON Schema
     */
    schema: {
      [k: string]: unknown | undefined;
    };
    /**
     * The config with nothing set
     */
    defaults: {
      [k: string]: unknown | undefined;
    };
    /**
     * The config in force on this server (MEETFLOW_PLUGINS_CONFIG over the defaults), server-only fields left out: what a step's own config goes over
     */
    values: {
      [k: string]: unknown | undefined;
    };
    /**
     * Fields only the server's settings set (credentials, secrets, where a credential is sent): a pipeline step's config may not
     */
    serverOnly: string[];
  };
  activities: {
    name: string;
    /**
     * `<plugin>.<activity>`, as pipeline nodes name it
     */
    qualifiedName: string;
    description: string;
    /**
     * Who may place it in a pipeline: any member (public), sales-ops or admin and above, or nobody (internal: the platform runs it itself)
     */
    access: 'public' | 'sales-ops' | 'admin' | 'internal';
    /**
     * Whether the caller's role in the workspace may place it in a pipeline (the studio's palette)
     */
    placeable: boolean;
    /**
     * A JSON Schema
     */
    input: {
      [k: string]: unknown | undefined;
    };
    /**
     * A JSON Schema
     */
    output: {
      [k: string]: unknown | undefined;
    };
    timeout?: string;
    /**
     * Called by the platform in its own process only (its input carries a secret): never a pipeline step
     */
    inProcess?: true;
  }[];
  collections: string[];
}
export interface GetApiPricingLedgerResponse {
  /**
   * Meetings billed now (attended, or corrected back to attended).
   */
  meetingsCharged: number;
  /**
   * netMinor in USD.
   */
  total: number;
  /**
   * Meetings that are no-shows now (never charged, or charged and credited).
   */
  noShows: number;
  /**
   * Sum of the charge entries, cents.
   */
  chargedMinor: number;
  /**
   * Sum of the credit entries, as a positive number of cents.
   */
  creditedMinor: number;
  /**
   * chargedMinor − creditedMinor.
   */
  netMinor: number;
  /**
   * Average price per attended meeting charged.
   */
  averagePpm: number;
  currency: 'USD';
  /**
   * Per slice, by slice id.
   */
  bySlice: {
    sliceId: string;
    /**
     * Meetings billed now (attended, or corrected back to attended).
     */
    meetingsCharged: number;
    /**
     * netMinor in USD.
     */
    total: number;
    /**
     * Meetings that are no-shows now (never charged, or charged and credited).
     */
    noShows: number;
    /**
     * Sum of the charge entries, cents.
     */
    chargedMinor: number;
    /**
     * Sum of the credit entries, as a positive number of cents.
     */
    creditedMinor: number;
    /**
     * chargedMinor − creditedMinor.
     */
    netMinor: number;
  }[];
  /**
   * Per month, oldest first.
   */
  byMonth: {
    /**
     * UTC month of attendance, YYYY-MM.
     */
    month: string;
    /**
     * Meetings billed now (attended, or corrected back to attended).
     */
    meetingsCharged: number;
    /**
     * netMinor in USD.
     */
    total: number;
    /**
     * Meetings that are no-shows now (never charged, or charged and credited).
     */
    noShows: number;
    /**
     * Sum of the charge entries, cents.
     */
    chargedMinor: number;
    /**
     * Sum of the credit entries, as a positive number of cents.
     */
    creditedMinor: number;
    /**
     * chargedMinor − creditedMinor.
     */
    netMinor: number;
  }[];
}
export interface GetApiProspectsExportCsvQuery {
  /**
   * Words matched case-insensitively against the start of the names, company words and email (all words must match).
   */
  search?: string;
  /**
   * An industry, or the start of its words: the prospects whose industry is one the words name in the industry taxonomy (its label or another name for it: 'fin' finds Financial services & fintech, payments, banking…), or whose own label has words starting so.
   */
  industry?: string;
  /**
   * Only prospects scored at least this (unscored ones are left out).
   */
  minScore?: number;
  /**
   * Only prospects scored at most this (unscored ones are left out).
   */
  maxScore?: number;
  /**
   * Exact source the prospect came from (e.g. linkedin, apollo, csv).
   */
  source?: string;
  /**
   * Only the campaign's prospects (a campaign of this workspace).
   */
  campaign?: number;
  /**
   * Where the prospect pipeline's latest run for the prospect stands: not-processed (never run), in-progress, enrolled, not-qualified, completed (ran to the end without a sequence), failed.
   */
  status?: 'not-processed' | 'in-progress' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';
  /**
   * none: never enrolled; running: its sequence runs (active or paused); ended: its sequence completed or was stopped.
   */
  sequence?: 'none' | 'running' | 'ended';
  /**
   * id (the order they were added), name (last, then first), company, industry or score; ties by id.
   */
  sort?: 'id' | 'name' | 'company' | 'industry' | 'score';
  /**
   * Ascending or descending; default descending for score (unscored last), else ascending.
   */
  order?: 'asc' | 'desc';
  /**
   * Only these prospects (at most 1,000), when they also match the filters.
   */
  ids?: string;
  /**
   * Leave these prospects out (at most 1,000).
   */
  exclude?: string;
}
export interface GetApiProspectsFiltersResponse {
  /**
   * The industry taxonomy's labels (what research, the ICP and lead scoring name industries by)
   */
  industries: string[];
  /**
   * The sources the workspace's prospects came from
   */
  sources: string[];
}
export interface GetApiProspectsIdProfileResponse {
  prospect: {
    id: number;
    firstName: string;
    lastName: string;
    jobTitle: string | null;
    company: string;
    email: string;
    score: number | null;
    industry: string | null;
    /**
     * Where the prospect came from (e.g. linkedin, apollo, csv)
     */
    source: string | null;
    /**
     * True for a fictional person from the built-in sample database: the UI labels it sample data.
     */
    sample: boolean;
    website: string | null;
    linkedinUrl: string | null;
    companySize: string | null;
    employeeCount: number | null;
    createdAt: string;
  };
  /**
   * The latest research; null before any
   */
  research: {
    website: string;
    confidence: number;
    facts: {
      id: string;
      kind: string;
      value: string;
      confidence: number;
      /**
       * The page and the words the fact was read from
       */
      evidence: {
        url: string;
        snippet: string;
      };
    }[];
  } | null;
  /**
   * The latest score; null before any
   */
  score: {
    totalScore: number;
    priority: string;
    qualified: boolean;
    reasoning: string;
    /**
     * Every dimension with its score (0–100), points and the reason
     */
    dimensions: {
      key: string;
      label: string;
      score: number;
      reason: string;
      [k: string]: unknown | undefined;
    }[];
  } | null;
  /**
   * The latest sequence written for the prospect; null when none (unqualified, or not processed)
   */
  sequence: {
    /**
     * The sequence workflow's live state; null when never enrolled
     */
    state: {
      status: 'active' | 'paused' | 'stopped' | 'completed';
      sentSteps: number[];
      nextStep: number | null;
      /**
       * When the next step goes out; null while a user holds the sequence
       */
      nextSendAt: string | null;
      /**
       * Set by an out-of-office reply: the sequence waits until then
       */
      pausedUntil: string | null;
      stopReason: string | null;
      /**
       * True while a user holds the sequence (until resumed)
       */
      pausedByUser: boolean;
      /**
       * What the due step waits for: a reviewer's approval, or its send (cap, window, domain limit)
       */
      waitingFor: ('review' | 'send') | null;
      /**
       * Why the send waits, in words
       */
      waitReason: string | null;
      /**
       * After an interested reply: where the email offering meeting slots is (null: none was offered)
       */
      meetingProposal: ('drafting' | 'pending_review' | 'sending' | 'sent' | 'rejected' | 'no free slot' | 'failed') | null;
    } | null;
    emails: {
      step: number;
      dayOffset: number;
      /**
       * What was sent (or waits to be), as a reviewer left it; the copy as written until then
       */
      subject: string;
      /**
       * What was sent (or waits to be), as a reviewer left it; the copy as written until then
       */
      body: string;
      /**
       * planned: not written to the outbox yet; pending_review, queued, sending, sent, failed, suppressed, rejected: its outbox status; stopped: the sequence ended before it was written
       */
      status: 'planned' | 'pending_review' | 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'rejected' | 'stopped';
      /**
       * True when a reviewer changed the email before approving it
       */
      edited: boolean;
      [k: string]: unknown | undefined;
    }[];
  } | null;
  /**
   * The prospect pipeline's runs for this prospect, newest first (10 at most)
   */
  runs: {
    runId: string;
    status: string;
    startedAt: string | null;
    error: string | null;
  }[];
}
export interface GetApiProspectsIdResponse {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  score: number | null;
  industry: string | null;
  /**
   * Where the prospect came from (e.g. linkedin, apollo, csv)
   */
  source: string | null;
  /**
   * True for a fictional person from the built-in sample database: the UI labels it sample data.
   */
  sample: boolean;
  website: string | null;
  linkedinUrl: string | null;
  companySize: string | null;
  employeeCount: number | null;
  createdAt: string;
}
export interface GetApiProspectsQuery {
  /**
   * Words matched case-insensitively against the start of the names, company words and email (all words must match).
   */
  search?: string;
  /**
   * An industry, or the start of its words: the prospects whose industry is one the words name in the industry taxonomy (its label or another name for it: 'fin' finds Financial services & fintech, payments, banking…), or whose own label has words starting so.
   */
  industry?: string;
  /**
   * Only prospects scored at least this (unscored ones are left out).
   */
  minScore?: number;
  /**
   * Only prospects scored at most this (unscored ones are left out).
   */
  maxScore?: number;
  /**
   * Exact source the prospect came from (e.g. linkedin, apollo, csv).
   */
  source?: string;
  /**
   * Only the campaign's prospects (a campaign of this workspace).
   */
  campaign?: number;
  /**
   * Where the prospect pipeline's latest run for the prospect stands: not-processed (never run), in-progress, enrolled, not-qualified, completed (ran to the end without a sequence), failed.
   */
  status?: 'not-processed' | 'in-progress' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';
  /**
   * none: never enrolled; running: its sequence runs (active or paused); ended: its sequence completed or was stopped.
   */
  sequence?: 'none' | 'running' | 'ended';
  /**
   * id (the order they were added), name (last, then first), company, industry or score; ties by id.
   */
  sort?: 'id' | 'name' | 'company' | 'industry' | 'score';
  /**
   * Ascending or descending; default descending for score (unscored last), else ascending.
   */
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}
export interface GetApiProspectsStatesQuery {
  /**
   * The prospects (at most 100), e.g. the rows of a page
   */
  ids: string;
}
export interface GetApiRepliesHeldQuery {
  /**
   * Which ones: waiting for a person (the default), confirmed or dismissed
   */
  status?: 'held' | 'confirmed' | 'dismissed';
  /**
   * Only this prospect's
   */
  prospectId?: number;
  limit?: number;
}
export interface GetApiRepliesHeldResponse {
  items: {
    id: string;
    /**
     * The prospect whose address it came from
     */
    prospectId: number;
    prospect: {
      firstName: string;
      lastName: string;
      company: string;
      email: string;
    } | null;
    from: string;
    fromName: string | null;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    status: 'held' | 'confirmed' | 'dismissed';
    decidedBy: string | null;
    decidedAt: string | null;
  }[];
  total: number;
}
export interface GetApiRunsIdResponse {
  runId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  /**
   * `cancelled`: its batch was cancelled before it finished
   */
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  steps: {
    [k: string]:
      | {
          status: 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
          activity: string;
          /**
           * The version of the plugin (its manifest's) that ran the step, once it has started
           */
          pluginVersion?: string;
          attempts: number;
          startedAt?: string;
          endedAt?: string;
          /**
           * `step-outputs/<runId>/<nodeId>`
           */
          outputRef?: string;
          error?: string;
          /**
           * A step with a condition: whether it held, recorded once the step it reads has completed
           */
          conditionMet?: boolean;
        }
      | undefined;
  };
  workflowId?: string;
  temporalRunId?: string;
  /**
   * When the run itself started (a batch's run: when its first step did, not the batch); absent before then
   */
  startedAt?: string;
  /**
   * When the run itself ended (a batch's run: when the last step it ran did, not the batch); absent while it runs
   */
  endedAt?: string;
  error?: string;
  /**
   * Set on a rerun from a step
   */
  restartedFrom?: {
    runId: string;
    nodeId: string;
  };
  /**
   * Set on a rerun of a whole run
   */
  retryOf?: string;
  /**
   * True for a test run of an unsaved draft from the editor (its version is the one it was drafted from)
   */
  draft?: boolean;
  createdAt: string;
  updatedAt: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  input: unknown;
  [k: string]: unknown | undefined;
}
export interface GetApiRunsIdStepsNodeIdOutputResponse {
  nodeId: string;
  output: unknown;
}
export interface GetApiRunsQuery {
  /**
   * Only this pipeline's runs (its id)
   */
  pipeline?: string;
  /**
   * Only the runs of this version (the version each run pinned; with `pipeline`, of that pipeline)
   */
  version?: number;
  /**
   * Only runs with this status
   */
  status?: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  /**
   * Only runs for this prospect (its id, as the run's input names it: `input.prospectId`)
   */
  prospect?: number;
  /**
   * Only runs created at or after this (a day: from its start, UTC)
   */
  from?: string;
  /**
   * Only runs created at or before this (a day: to its end, UTC)
   */
  to?: string;
  /**
   * Runs per page
   */
  limit?: number;
  /**
   * Runs to skip (page × limit)
   */
  offset?: number;
}
export interface GetApiSendingForecastQuery {
  /**
   * New emails to place after those already waiting (e.g. the first emails of a campaign about to launch)
   */
  emails?: number;
}
export interface GetApiSendingForecastResponse {
  /**
   * The sending time zone the days are in
   */
  timeZone: string;
  /**
   * Active mailboxes (paused ones send nothing)
   */
  mailboxes: number;
  /**
   * Active mailboxes whose cap is still rising (warm-up)
   */
  warmingUp: number;
  sentToday: number;
  /**
   * Sends the active mailboxes may still make today
   */
  capacityToday: number;
  /**
   * A whole open day's sends at today's caps
   */
  capacityFullDay: number;
  /**
   * Emails written and not yet sent: waiting for review, queued or being sent
   */
  waiting: number;
  /**
   * The new emails asked about
   */
  emails: number;
  /**
   * When the last of the waiting emails and the new ones goes out, first come first served
   */
  finish: {
    /**
     * The day the last email goes out (sending time zone); null: never (no active mailbox) or not within a year
     */
    lastDay: string | null;
    /**
     * Days from today to that day (0: today)
     */
    days: number | null;
  };
  /**
   * The same with one more mailbox connected today (warming up like any new one)
   */
  withAnotherMailbox: {
    /**
     * The day the last email goes out (sending time zone); null: never (no active mailbox) or not within a year
     */
    lastDay: string | null;
    /**
     * Days from today to that day (0: today)
     */
    days: number | null;
  };
  /**
   * The next 14 days' capacity
   */
  days: {
    day: string;
    capacity: number;
  }[];
}
export interface GetApiSuperagentProcessProspectRunIdResponse {
  success: boolean;
  error: string | null;
  /**
   * The pipeline run: open it in the pipeline view, or rerun it from a step
   */
  runId: string;
  data: {
    research?: {
      enrichedData: {
        companyInfo: string;
        painPoints: string[];
        techStack: string[];
      };
      confidence: number;
    };
    scoring?: {
      totalScore: number;
      priority: string;
      reasoning: string;
      confidence: number;
    };
    content?: {
      sequence: {
        step: number;
        dayOffset: number;
        template: string;
        subject: string;
        body: string;
      }[];
      overallStrategy: string;
      expectedResponseRate: number;
      confidence: number;
    };
    outreach?: {
      campaignId: string;
      channels: string[];
      deliveryStatus: string;
      confidence: number;
    };
    metrics: {
      researchConfidence: number;
      scoringConfidence: number;
      finalScore: number;
      contentGenerated: boolean;
      outreachTriggered: boolean;
    };
    recommendations: string[];
  };
}
export interface GetApiSuperagentProcessProspectRunIdResponse202 {
  runId: string;
  status: 'running';
}
export interface GetApiSuppressionsQuery {
  /**
   * Part of an address or domain, any case (e.g. "acme" finds ada@acme.com and *@acme.com)
   */
  search?: string;
  /**
   * Only entries with exactly this reason (e.g. unsubscribed, bounced, manual)
   */
  reason?: string;
  page?: number;
  limit?: number;
}
export interface GetApiSuppressionsResponse {
  items: {
    /**
     * The address, or *@domain for a whole domain
     */
    email: string;
    kind: 'address' | 'domain';
    /**
     * Why: unsubscribed, bounced, asked to be removed, manual, or what the person who added it wrote
     */
    reason: string;
    /**
     * How it got here: an unsubscribe link, a bounce, a reply asking to stop, or a person
     */
    source: 'unsubscribe' | 'bounce' | 'reply' | 'manual';
    createdAt: string;
    /**
     * Who added it by hand: user:<id> or token:<id> (absent for automatic entries)
     */
    addedBy?: string;
  }[];
  /**
   * Entries matching the search and reason
   */
  total: number;
  page: number;
  limit: number;
  /**
   * Every entry of the workspace counted by reason (whatever the search and reason), most first
   */
  byReason: {
    reason: string;
    count: number;
  }[];
}
export interface GetApiWebhooksDeliveriesQuery {
  /**
   * Only this endpoint's
   */
  endpoint?: string;
  /**
   * At most this many, newest first (default 50)
   */
  limit?: number;
}
export interface PatchApiCampaignsIdBody {
  name?: string;
  /**
   * paused holds every enrolled sequence of the campaign until it is active again
   */
  status?: 'active' | 'paused';
  /**
   * Prospects of the workspace to add (an active campaign runs them at once)
   *
   * @maxItems 10000
   */
  addProspectIds?: number[];
  /**
   * Prospects to take out; their sequences are stopped
   *
   * @maxItems 10000
   */
  removeProspectIds?: number[];
  /**
   * Replaces the mailboxes its emails go out through (public ids; repeats are dropped); [] = every active mailbox. Emails already given a slot keep it.
   *
   * @maxItems 100
   */
  mailboxIds?: string[];
}
export interface PatchApiCampaignsIdResponse {
  campaign: {
    id: number;
    name: string;
    status: 'active' | 'paused' | 'draft' | 'completed';
    prospectIds: number[];
    /**
     * Public ids of the mailboxes its emails go out through, by rotation; empty = every active mailbox of the workspace
     */
    mailboxIds: string[];
    /**
     * ICP slices its prospects are scored against; empty = every slice
     */
    sliceNames: string[];
    /**
     * The saved prospect-pipeline version it runs; null = the built-in one
     */
    pipelineVersion: number | null;
    createdAt: string;
    /**
     * The latest batch the campaign started; null before any
     */
    batch: {
      batchId: string;
      kind: 'start' | 'retry' | 'added';
      startedAt: string;
      running: boolean;
      total: number;
      stages: {
        nodeId: string;
        label: string;
        total: number;
        /**
         * Not reached yet
         */
        pending: number;
        /**
         * In a chunk being run now
         */
        running: number;
        completed: number;
        failed: number;
        /**
         * Not run for this prospect: an earlier step failed, or the prospect did not qualify
         */
        skipped: number;
        /**
         * completed + failed + skipped
         */
        done: number;
        /**
         * A step with a condition (copy: lead scoring said qualified): for how many runs it held and for how many not, counted as soon as the step it reads answers; null for a step without one
         */
        condition: {
          met: number;
          unmet: number;
        } | null;
      }[];
    } | null;
    /**
     * Each prospect counted once, by its latest prospect-pipeline run (the campaign's, a Process click's or the seed's)
     */
    results: {
      prospects: number;
      /**
       * No prospect-pipeline run yet
       */
      notProcessed: number;
      inProgress: number;
      /**
       * Scored at or above the qualification threshold (counted as soon as scored, mid-batch too)
       */
      qualified: number;
      /**
       * Qualified, with a written sequence they are enrolled in
       */
      enrolled: number;
      /**
       * Scored below the qualification threshold (counted as soon as scored)
       */
      notQualified: number;
      /**
       * A step failed for good (counted as soon as it did), or the run was cancelled
       */
      failed: number;
      /**
       * Not run by this campaign's batches yet ("run new" runs them)
       */
      notRunByCampaign: number;
    };
    /**
     * Why prospects got no sequence, most common first
     */
    skipped: {
      reason: string;
      count: number;
    }[];
    /**
     * Prospects whose latest run failed (the first 50); "retry failed" runs them again
     */
    failures: {
      prospectId: number;
      name: string;
      runId: string;
      error: string;
    }[];
  };
  /**
   * Sequences paused, resumed or stopped; those never enrolled or already ended are counted apart
   */
  sequences: {
    signalled: number;
    notEnrolled: number;
    ended: number;
  };
  /**
   * The batch that runs the added prospects, when one started
   */
  batchId: string | null;
}
export interface PatchApiIcpSlicesIndexBody {
  /**
   * Industries of the slice (at least one)
   *
   * @maxItems 50
   */
  industry?: string[];
  /**
   * Buyer titles discovery looks for (at least one)
   *
   * @maxItems 50
   */
  jobTitles?: string[];
  /**
   * Technologies the companies use
   *
   * @maxItems 50
   */
  techStack?: string[];
  /**
   * Problems the customers' buyers have
   *
   * @maxItems 50
   */
  painPoints?: string[];
}
export interface PatchApiIcpSlicesIndexResponse {
  icpSlices: {
    name: string;
    description: string;
    /**
     * Mean research confidence of its customers × (0.5 + 0.5 × min(1, customers / 3)) × share of its customers in its main industry.
     */
    confidence: number;
    /**
     * Companies like these: industry companies × size-band share × 0.5 per criteria technology (3 at most), to the nearest 10.
     */
    estimatedVolume: number;
    criteria: {
      /**
       * Industries of the customers in the slice, most common first.
       *
       * @maxItems 50
       */
      industry: string[];
      /**
       * Headcount band spanned by the customers, e.g. "50-200 employees"; "unknown" when no site states one.
       */
      companySize: string;
      /**
       * Buyer and user titles the customers mention, most customers first.
       *
       * @maxItems 50
       */
      jobTitles: string[];
      /**
       * Technologies at least half the customers of the slice use, most common first.
       *
       * @maxItems 50
       */
      techStack: string[];
      /**
       * Problems the customers say their own buyers have, in their words, most common first.
       *
       * @maxItems 50
       */
      painPoints: string[];
    };
  }[];
  /**
   * Mean research confidence over every URL given; a site that could not be read counts 0.
   */
  confidence: number;
  /**
   * What was found where: each site with its evidence, each site that failed and why, how slices were formed.
   */
  analysisNotes: string;
  sourceUrls: string[];
  analyzedAt: string;
}
export interface PatchApiMailboxesIdBody {
  /**
   * Shown as the sender, e.g. "Ada Lane"
   */
  fromName?: string;
  /**
   * The address emails are sent from (lowercased; one mailbox per address in a workspace)
   */
  fromAddress?: string;
  /**
   * Added below each email; several lines allowed
   */
  signature?: string;
  /**
   * Only the settings given change
   */
  smtp?: {
    /**
     * The SMTP server, e.g. smtp.example.com
     */
    host?: string;
    /**
     * Usually 465 (tls), 587 (starttls) or 25
     */
    port?: number;
    /**
     * tls: encrypted from the start (465); starttls: upgraded after connecting (587); none: never encrypted
     */
    tls?: 'tls' | 'starttls' | 'none';
    /**
     * The SMTP login
     */
    user?: string;
  };
  /**
   * New IMAP settings (all three), or null to stop reading replies over IMAP
   */
  imap?: {
    /**
     * The IMAP server, e.g. imap.example.com
     */
    host: string;
    /**
     * Usually 993 (tls) or 143 (starttls)
     */
    port: number;
    /**
     * tls: encrypted from the start (993); starttls: upgraded after connecting (143); none: never encrypted
     */
    tls: 'tls' | 'starttls' | 'none';
  } | null;
  /**
   * A new SMTP password; leave out to keep the stored one, unless smtp.host, smtp.port, smtp.user, imap.host or imap.port changes: then it is required (400 naming password)
   */
  password?: string;
  dailyCap?: number;
  /**
   * paused: sends nothing until active again
   */
  status?: 'active' | 'paused';
}
export interface PatchApiMailboxesIdResponse {
  id: string;
  fromName: string;
  fromAddress: string;
  signature: string;
  smtp: {
    host: string;
    port: number;
    tls: 'tls' | 'starttls' | 'none';
    user: string;
  };
  imap: {
    host: string;
    port: number;
    tls: 'tls' | 'starttls' | 'none';
  } | null;
  /**
   * How reading replies over IMAP goes; null when the mailbox has no IMAP settings or was never checked
   */
  inbox: {
    lastCheckAt: string | null;
    /**
     * Why the last IMAP check failed (a classified reason, or why the stored password cannot be used); null when it worked
     */
    lastError: string | null;
    /**
     * Replies and bounces read over IMAP so far
     */
    received: number;
  } | null;
  /**
   * A password is stored (encrypted); it is never returned
   */
  passwordSet: true;
  status: 'active' | 'paused';
  pausedReason: string | null;
  dailyCap: number;
  /**
   * The last Test connection, null before the first
   */
  lastTest: {
    at: string;
    ok: boolean;
    error:
      | (
          | 'authentication failed'
          | 'connection refused'
          | 'TLS required'
          | 'TLS failed'
          | 'timed out'
          | 'address not allowed'
          | 'host not found'
          | 'connection failed'
        )
      | null;
  } | null;
  /**
   * Also when its warm-up started
   */
  createdAt: string;
  updatedAt: string;
}
export interface PatchApiMembersUserIdBody {
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
}
export interface PatchApiMembersUserIdResponse {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  joinedAt: string;
}
export interface PatchApiWebhooksIdBody {
  /**
   * Where events are POSTed: https (http only to localhost when Meetflow runs locally); never a private or internal address
   */
  url?: string;
  /**
   * The event types it receives: prospect.created, prospect.stage_changed, email.sent, reply.received, meeting.booked, meeting.cancelled
   *
   * @minItems 1
   * @maxItems 6
   */
  events?: ('prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled')[];
  description?: string;
  /**
   * false: nothing more is delivered to it (deliveries waiting are cancelled at their next attempt)
   */
  enabled?: boolean;
}
export interface PatchApiWebhooksIdResponse {
  id: string;
  url: string;
  description: string;
  events: ('prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled')[];
  enabled: boolean;
  /**
   * Why the platform disabled it (the receiver answered 410 Gone), or null
   */
  disabledReason: string | null;
  /**
   * After a rotation: until when the previous secret still signs beside the new one
   */
  previousSecretUntil: string | null;
  createdBy: string;
  createdAt: string;
}
export interface PostApiAuthLoginBody {
  /**
   * Sign-in email
   */
  email: string;
  password: string;
}
export interface PostApiAuthLoginResponse {
  user: {
    id: string;
    email: string;
    name: string;
    /**
     * Whether the address is proven theirs (a verification or reset link): needed to accept an invitation bound to it
     */
    emailVerified: boolean;
    /**
     * True for a password someone else chose (the demo owner): until they set their own, only POST /api/auth/password, GET /api/auth/me and sign-out answer
     */
    mustChangePassword: boolean;
  };
  /**
   * Every workspace the user belongs to, with their role in it, oldest membership first
   */
  workspaces: {
    slug: string;
    name: string;
    role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  }[];
}
export interface PostApiAuthLogoutResponse {
  signedOut: true;
}
export interface PostApiAuthPasswordBody {
  /**
   * The password in use now
   */
  currentPassword: string;
  /**
   * 10–200 characters; stored only as an argon2id hash
   */
  newPassword: string;
}
export interface PostApiAuthPasswordResetBody {
  /**
   * Sign-in email; case does not matter
   */
  email: string;
}
export interface PostApiAuthPasswordResetConfirmBody {
  /**
   * The token of the emailed link (after its '#token=')
   */
  token: string;
  /**
   * 10–200 characters; stored only as an argon2id hash
   */
  password: string;
}
export interface PostApiAuthPasswordResetConfirmResponse {
  passwordChanged: true;
  /**
   * The account: sign in with it and the new password (every session of it was ended)
   */
  email: string;
}
export interface PostApiAuthPasswordResetResponse {
  accepted: true;
  /**
   * The address: if it has an account, a link (30 minutes, once) is on its way to it
   */
  email: string;
}
export interface PostApiAuthPasswordResponse {
  user: {
    id: string;
    email: string;
    name: string;
    /**
     * Whether the address is proven theirs (a verification or reset link): needed to accept an invitation bound to it
     */
    emailVerified: boolean;
    /**
     * True for a password someone else chose (the demo owner): until they set their own, only POST /api/auth/password, GET /api/auth/me and sign-out answer
     */
    mustChangePassword: boolean;
  };
  /**
   * Every workspace the user belongs to, with their role in it, oldest membership first
   */
  workspaces: {
    slug: string;
    name: string;
    role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  }[];
}
export interface PostApiAuthSignupBody {
  /**
   * Sign-in email; case does not matter
   */
  email: string;
  /**
   * 10–200 characters; stored only as an argon2id hash
   */
  password: string;
  /**
   * Your name, as teammates see it
   */
  name: string;
  /**
   * Name of the workspace created for you ("<name>'s workspace" when absent)
   */
  workspaceName?: string;
}
export interface PostApiAuthSignupResponse {
  accepted: true;
  /**
   * The address: a verification link (24 hours, once) is on its way to it when it is new; sign in with it and the password
   */
  email: string;
}
export interface PostApiAuthVerifyEmailBody {
  /**
   * The token of the emailed link (after its '#token=')
   */
  token: string;
}
export interface PostApiAuthVerifyEmailResendResponse {
  sent: true;
  email: string;
}
export interface PostApiAuthVerifyEmailResponse {
  verified: true;
  email: string;
}
export interface PostApiBatchesIdCancelResponse {
  batchId: string;
  pipeline: {
    id: string;
    name: string;
    version: number;
  };
  status: 'running' | 'completed' | 'cancelled';
  startedAt: string;
  /**
   * When its last run ended; null while it runs
   */
  finishedAt: string | null;
  total: number;
  /**
   * Runs by status (while it runs: completed = every step settled, failed = a step failed)
   */
  runs: {
    pending: number;
    running: number;
    completed: number;
    failed: number;
    cancelled: number;
  };
  /**
   * One per node, in the order of the definition
   */
  stages: {
    nodeId: string;
    /**
     * The node's label, else its id
     */
    label: string;
    activity: string;
    total: number;
    pending: number;
    /**
     * In a chunk being run now
     */
    running: number;
    completed: number;
    failed: number;
    /**
     * Not run: a condition did not hold, an earlier step failed, or the batch was cancelled
     */
    skipped: number;
    /**
     * A step with a condition: how it came out for the runs whose value it reads has come (known as soon as that step answers, before this step's turn); null for a step without one
     */
    condition: {
      /**
       * Runs for which it held: the step runs (or ran) for them
       */
      met: number;
      /**
       * Runs for which it did not: the step is (or will be) skipped
       */
      unmet: number;
    } | null;
  }[];
  /**
   * Runs finished per minute so far (a run counts in part as each of its steps ends); null before any step has
   */
  runsPerMinute: number | null;
  /**
   * Seconds left at that pace; null once it has ended
   */
  etaSeconds: number | null;
  /**
   * The first 50 failed runs (runs.failed counts them all)
   */
  failures: {
    runId: string;
    /**
     * The step that failed, when the error names it
     */
    nodeId: string | null;
    /**
     * What the step met, without the run's prefix
     */
    error: string;
    input: {
      /**
       * The input's prospectId, when it has one
       */
      prospectId: number | string | null;
      /**
       * The input in one short line
       */
      summary: string;
    };
  }[];
  /**
   * The batch whose failed runs this one retries
   */
  retryOf: string | null;
  /**
   * Batches that retried this one's failed runs, oldest first
   */
  retries: {
    batchId: string;
    startedAt: string;
    total: number;
  }[];
}
export interface PostApiBatchesIdRetryFailedResponse {
  batchId: string;
  workflowId: string;
  firstRunId: string;
  total: number;
  retryOf: string;
}
export interface PostApiBillingInvoicesBody {
  /**
   * The UTC month invoiced, YYYY-MM; it must have ended
   */
  month: string;
}
export interface PostApiBillingInvoicesResponse {
  invoice: {
    /**
     * YYYY-MM, UTC
     */
    month: string;
    /**
     * `usage`: the month's attended meetings (the true-up); `prepay`: the month's pre-paid meeting credits
     */
    kind: 'usage' | 'prepay';
    /**
     * The payments plugin it was issued through
     */
    provider: string;
    /**
     * `issuing` while (or when) the provider's answer is awaited: issuing the month again finishes it; then the provider's status; `covered`: pre-paid credits paid every meeting, nothing was sent
     */
    status: 'issuing' | 'covered' | 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
    currency: 'USD';
    /**
     * How many lines (charges and credits) it bills
     */
    lines: number;
    /**
     * The charges, summed
     */
    subtotalMinor: number;
    /**
     * The credits (credit notes on it: corrections and pre-paid credits applied), summed
     */
    creditsMinor: number;
    /**
     * subtotalMinor + creditsMinor: what is due
     */
    totalMinor: number;
    /**
     * The provider's invoice number
     */
    number: string | null;
    /**
     * The provider's page where the invoice is seen and paid
     */
    hostedUrl: string | null;
    pdfUrl: string | null;
    issuedAt: string | null;
  };
  created: boolean;
}
export interface PostApiBillingInvoicesResponse201 {
  invoice: {
    /**
     * YYYY-MM, UTC
     */
    month: string;
    /**
     * `usage`: the month's attended meetings (the true-up); `prepay`: the month's pre-paid meeting credits
     */
    kind: 'usage' | 'prepay';
    /**
     * The payments plugin it was issued through
     */
    provider: string;
    /**
     * `issuing` while (or when) the provider's answer is awaited: issuing the month again finishes it; then the provider's status; `covered`: pre-paid credits paid every meeting, nothing was sent
     */
    status: 'issuing' | 'covered' | 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
    currency: 'USD';
    /**
     * How many lines (charges and credits) it bills
     */
    lines: number;
    /**
     * The charges, summed
     */
    subtotalMinor: number;
    /**
     * The credits (credit notes on it: corrections and pre-paid credits applied), summed
     */
    creditsMinor: number;
    /**
     * subtotalMinor + creditsMinor: what is due
     */
    totalMinor: number;
    /**
     * The provider's invoice number
     */
    number: string | null;
    /**
     * The provider's page where the invoice is seen and paid
     */
    hostedUrl: string | null;
    pdfUrl: string | null;
    issuedAt: string | null;
  };
  created: boolean;
}
export interface PostApiBillingPaymentMethodSetupResponse {
  /**
   * Stripe's page: send the browser there; it comes back to the Billing tab
   */
  url: string;
}
export interface PostApiBillingWebhooksPaypalResponse {
  /**
   * `applied`: an invoice changed (or its receipt, notice or hold); `unchanged`: it was so already; `ignored`: an event Meetflow does not act on, or naming no invoice of its; `replayed`: this event id was received before
   */
  outcome: 'applied' | 'unchanged' | 'ignored' | 'replayed';
  /**
   * What was done, or why nothing was
   */
  message: string;
}
export interface PostApiBillingWebhooksStripeResponse {
  /**
   * `applied`: an invoice changed (or its receipt, notice or hold); `unchanged`: it was so already; `ignored`: an event Meetflow does not act on, or naming no invoice of its; `replayed`: this event id was received before
   */
  outcome: 'applied' | 'unchanged' | 'ignored' | 'replayed';
  /**
   * What was done, or why nothing was
   */
  message: string;
}
export interface PostApiBookTokenBody {
  /**
   * When the meeting starts, ISO 8601 with offset: one of the offered slots
   */
  start: string;
}
export interface PostApiBookTokenCancelResponse {
  cancelled: true;
}
export interface PostApiBookTokenRescheduleBody {
  /**
   * When the meeting starts, ISO 8601 with offset: one of the offered slots
   */
  start: string;
}
export interface PostApiBookTokenRescheduleResponse {
  meeting: {
    scheduledAt: string;
    durationMinutes: number;
    meetingUrl: string;
    status: 'scheduled';
  };
}
export interface PostApiBookTokenResponse {
  meeting: {
    scheduledAt: string;
    durationMinutes: number;
    meetingUrl: string;
    status: 'scheduled';
  };
}
export interface PostApiBookTokenResponse201 {
  meeting: {
    scheduledAt: string;
    durationMinutes: number;
    meetingUrl: string;
    status: 'scheduled';
  };
}
export interface PostApiCalendarsBody {
  /**
   * An installed calendar plugin (GET /api/calendars lists them)
   */
  pluginId: string;
  /**
   * The plugin's declared fields (its secret ones are stored sealed and never returned)
   */
  account: {
    [k: string]: string | undefined;
  };
}
export interface PostApiCalendarsIdTestResponse {
  ok: boolean;
  /**
   * Why not, in plain words
   */
  error?: string;
}
export interface PostApiCalendarsNotificationsProviderQuery {
  /**
   * Microsoft Graph's validation request when a subscription is made: answered as it came, text/plain
   */
  validationToken?: string;
}
export interface PostApiCalendarsNotificationsProviderResponse {
  accepted: true;
  /**
   * How many read-backs were told to read now (the workspaces are not named)
   */
  workspaces: number;
}
export interface PostApiCalendarsResponse {
  /**
   * 16 hex characters
   */
  id: string;
  /**
   * The calendar plugin (kind calendar) that reads and writes it
   */
  pluginId: string;
  /**
   * The plugin's display name
   */
  provider: string;
  /**
   * How it signs in: the plugin's fields (a password), or the provider's sign-in (OAuth tokens, sealed)
   */
  auth: 'fields' | 'oauth';
  /**
   * The account's fields that are not secret (a server URL, a username)
   */
  fields: {
    [k: string]: string | undefined;
  };
  secretSet: true;
  /**
   * The last time it was asked (connect, Test, slots, a booking): whether it answered, and why not
   */
  lastCheck: {
    at: string;
    ok: boolean;
    /**
     * Why not, in plain words
     */
    error: string | null;
  } | null;
  /**
   * The last read of the changes made in the calendar (cancelled and moved meetings), and why it failed
   */
  sync: {
    at: string | null;
    error: string | null;
  };
  createdAt: string;
}
export interface PostApiCampaignsBody {
  name: string;
  status?: 'active' | 'paused' | 'draft' | 'completed';
  /**
   * Ids of prospects of the same workspace; repeats are dropped.
   *
   * @maxItems 10000
   */
  prospectIds?: number[];
  /**
   * ICP slices to score against; empty = every slice
   *
   * @maxItems 20
   */
  sliceNames?: string[];
  /**
   * A saved version of the prospect pipeline; null = the built-in one
   */
  pipelineVersion?: number | null;
  /**
   * Public ids of the workspace's mailboxes its emails go out through, by rotation; empty = every active mailbox. Repeats are dropped.
   *
   * @maxItems 100
   */
  mailboxIds?: string[];
}
export interface PostApiCampaignsIdProspectsBody {
  selection:
    | {
        kind: 'ids';
        /**
         * @minItems 1
         * @maxItems 1000
         */
        ids: number[];
      }
    | {
        kind: 'filter';
        /**
         * The list's filters; every prospect of the workspace matching them is selected
         */
        filter: {
          /**
           * Words matched case-insensitively against the start of the names, company words and email (all words must match).
           */
          search?: string;
          /**
           * An industry, or the start of its words: the prospects whose industry is one the words name in the industry taxonomy (its label or another name for it: 'fin' finds Financial services & fintech, payments, banking…), or whose own label has words starting so.
           */
          industry?: string;
          /**
           * Only prospects scored at least this (unscored ones are left out).
           */
          minScore?: number;
          /**
           * Only prospects scored at most this (unscored ones are left out).
           */
          maxScore?: number;
          /**
           * Exact source the prospect came from (e.g. linkedin, apollo, csv).
           */
          source?: string;
          /**
           * Only the campaign's prospects (a campaign of this workspace).
           */
          campaign?: number;
          /**
           * Where the prospect pipeline's latest run for the prospect stands: not-processed (never run), in-progress, enrolled, not-qualified, completed (ran to the end without a sequence), failed.
           */
          status?: 'not-processed' | 'in-progress' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';
          /**
           * none: never enrolled; running: its sequence runs (active or paused); ended: its sequence completed or was stopped.
           */
          sequence?: 'none' | 'running' | 'ended';
        };
        /**
         * Prospects matching the filter to leave out
         *
         * @maxItems 1000
         */
        exclude?: number[];
      };
}
export interface PostApiCampaignsIdProspectsResponse {
  /**
   * Prospects the selection holds
   */
  selected: number;
  /**
   * Of them, those the campaign did not have yet
   */
  added: number;
  /**
   * Of them, those it already had
   */
  alreadyIn: number;
  /**
   * The batch that runs the added prospects (an active campaign that has run), when one started
   */
  batchId: string | null;
}
export interface PostApiCampaignsIdRunsBody {
  /**
   * new: those this campaign has not run yet (the first start runs everyone); failed: those whose latest run failed; all: everyone again (enrolment never doubles)
   */
  prospects?: 'new' | 'failed' | 'all';
  /**
   * Prospects per activity call
   */
  chunkSize?: number;
}
export interface PostApiCampaignsIdRunsResponse {
  batchId: string;
  /**
   * Prospects the batch runs
   */
  total: number;
}
export interface PostApiCampaignsLaunchBody {
  name: string;
  /**
   * ICP slices to score against; empty = every slice
   *
   * @maxItems 20
   */
  sliceNames?: string[];
  /**
   * @minItems 1
   * @maxItems 2000
   */
  people: {
    firstName: string;
    lastName: string;
    jobTitle?: string | null;
    company: string;
    email: string;
    industry?: string | null;
    website?: string | null;
    linkedinUrl?: string | null;
    employeeCount?: number | null;
    /**
     * The discovery source it came from
     */
    source: string;
    sample?: boolean;
  }[];
  /**
   * Prospects per activity call
   */
  chunkSize?: number;
}
export interface PostApiCampaignsLaunchResponse {
  batchId: string;
  /**
   * Prospects the batch runs
   */
  total: number;
  campaignId: number;
  /**
   * People added as new prospects
   */
  added: number;
  /**
   * People whose email was already a prospect (that prospect joins the campaign)
   */
  alreadyProspects: number;
}
export interface PostApiCampaignsResponse {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'draft' | 'completed';
  prospectIds: number[];
  /**
   * Public ids of the mailboxes its emails go out through, by rotation; empty = every active mailbox of the workspace
   */
  mailboxIds: string[];
}
export interface PostApiCrmBody {
  /**
   * An installed CRM plugin that connects with fields (GET /api/crm lists them)
   */
  pluginId: string;
  /**
   * The fields of the plugin's connect form (its secret ones are stored sealed and never returned)
   */
  account: {
    [k: string]: string | undefined;
  };
}
export interface PostApiCrmIdSyncResponse {
  /**
   * false: a sync was running; the one asked for runs right after it
   */
  started: boolean;
}
export interface PostApiCrmIdTestResponse {
  ok: boolean;
  /**
   * Why not, in plain words
   */
  error?: string;
}
export interface PostApiCrmResponse {
  /**
   * 16 hex characters
   */
  id: string;
  /**
   * The CRM plugin (kind crm) that reads and writes it
   */
  pluginId: string;
  /**
   * The plugin's display name
   */
  provider: string;
  auth: 'fields' | 'oauth';
  /**
   * The account's fields that are not secret (Pipedrive's company address)
   */
  fields: {
    [k: string]: string | undefined;
  };
  secretSet: true;
  /**
   * The last connect or Test: whether the CRM answered, and why not
   */
  lastCheck: {
    at: string;
    ok: boolean;
    error: string | null;
  } | null;
  /**
   * The durable sync
   */
  sync: {
    running: boolean;
    startedAt: string | null;
    /**
     * When the last sync ended
     */
    at: string | null;
    /**
     * Why the last sync stopped, in plain words
     */
    error: string | null;
    /**
     * What the last (or running) sync wrote: records created, updated, skipped (logged before), failed
     */
    counts: {
      created: number;
      updated: number;
      skipped: number;
      failed: number;
    };
    /**
     * Customers and open deals read from the CRM, which discovery leaves out
     */
    exclusions: {
      count: number;
      at: string | null;
    };
    /**
     * Minutes between two syncs when nobody presses Sync now
     */
    intervalMinutes: number;
  };
  createdAt: string;
}
export interface PostApiExperimentsBody {
  /**
   * Unique in the workspace
   */
  name: string;
  /**
   * What the experiment decides: a decision point an installed plugin declares (GET /api/experiments/decision-points), e.g. first-email-template
   */
  decisionPoint: string;
  /**
   * @minItems 2
   * @maxItems 10
   */
  arms: {
    /**
     * Defaults to the value
     */
    id?: string;
    /**
     * Defaults to the value
     */
    label?: string;
    /**
     * The decision's value: one of the decision point's arms, e.g. a template id
     */
    value: string;
  }[];
  /**
   * Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace
   */
  population?:
    | {
        kind: 'workspace';
      }
    | {
        kind: 'campaign';
        /**
         * A campaign of the workspace
         */
        campaignId: number;
      }
    | {
        kind: 'slice';
        /**
         * The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it
         */
        slice: string;
      };
}
export interface PostApiExperimentsIdRollbackResponse {
  id: string;
  name: string;
  decisionPoint: string;
  /**
   * Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace
   */
  population:
    | {
        kind: 'workspace';
      }
    | {
        kind: 'campaign';
        /**
         * A campaign of the workspace
         */
        campaignId: number;
      }
    | {
        kind: 'slice';
        /**
         * The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it
         */
        slice: string;
      };
  state: 'running' | 'converged' | 'stopped';
  /**
   * The declared winner’s arm id, once converged
   */
  winner: string | null;
  /**
   * Why a winner is (not yet) declared, by the declaration rule
   */
  reason: string;
  /**
   * The declaration rule: P(best) and sends per arm
   */
  rule: {
    pBest: number;
    minTrialsPerArm: number;
  };
  arms: {
    id: string;
    label: string;
    value: string;
    /**
     * Prospects it was chosen for
     */
    trials: number;
    /**
     * Summed rewards (positive reply or meeting booked 0.75, attended 1)
     */
    successes: number;
    /**
     * Posterior mean reward rate
     */
    mean: number;
    /**
     * 95% credible interval, lower end
     */
    lower: number;
    /**
     * 95% credible interval, upper end
     */
    upper: number;
    /**
     * Probability this arm is the best
     */
    pBest: number;
  }[];
  /**
   * What the declared winner changed (Auto-Apply on), with its evidence
   */
  change: {
    id: string;
    arm: string;
    /**
     * The value made the population’s default at its decision point
     */
    value: string;
    appliedAt: string;
    evidence: {
      pBest: {
        [k: string]: number | undefined;
      };
      counts: {
        arm: string;
        trials: number;
        successes: number;
      }[];
      reason: string;
    };
    rolledBackAt: string | null;
    rolledBackBy: string | null;
  } | null;
  /**
   * Who started it: user:<id> or token:<id>
   */
  createdBy: string;
  createdAt: string;
  endedAt: string | null;
}
export interface PostApiExperimentsIdStopResponse {
  id: string;
  name: string;
  decisionPoint: string;
  /**
   * Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace
   */
  population:
    | {
        kind: 'workspace';
      }
    | {
        kind: 'campaign';
        /**
         * A campaign of the workspace
         */
        campaignId: number;
      }
    | {
        kind: 'slice';
        /**
         * The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it
         */
        slice: string;
      };
  state: 'running' | 'converged' | 'stopped';
  /**
   * The declared winner’s arm id, once converged
   */
  winner: string | null;
  /**
   * Why a winner is (not yet) declared, by the declaration rule
   */
  reason: string;
  /**
   * The declaration rule: P(best) and sends per arm
   */
  rule: {
    pBest: number;
    minTrialsPerArm: number;
  };
  arms: {
    id: string;
    label: string;
    value: string;
    /**
     * Prospects it was chosen for
     */
    trials: number;
    /**
     * Summed rewards (positive reply or meeting booked 0.75, attended 1)
     */
    successes: number;
    /**
     * Posterior mean reward rate
     */
    mean: number;
    /**
     * 95% credible interval, lower end
     */
    lower: number;
    /**
     * 95% credible interval, upper end
     */
    upper: number;
    /**
     * Probability this arm is the best
     */
    pBest: number;
  }[];
  /**
   * What the declared winner changed (Auto-Apply on), with its evidence
   */
  change: {
    id: string;
    arm: string;
    /**
     * The value made the population’s default at its decision point
     */
    value: string;
    appliedAt: string;
    evidence: {
      pBest: {
        [k: string]: number | undefined;
      };
      counts: {
        arm: string;
        trials: number;
        successes: number;
      }[];
      reason: string;
    };
    rolledBackAt: string | null;
    rolledBackBy: string | null;
  } | null;
  /**
   * Who started it: user:<id> or token:<id>
   */
  createdBy: string;
  createdAt: string;
  endedAt: string | null;
}
export interface PostApiExperimentsResponse {
  id: string;
  name: string;
  decisionPoint: string;
  /**
   * Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace
   */
  population:
    | {
        kind: 'workspace';
      }
    | {
        kind: 'campaign';
        /**
         * A campaign of the workspace
         */
        campaignId: number;
      }
    | {
        kind: 'slice';
        /**
         * The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it
         */
        slice: string;
      };
  state: 'running' | 'converged' | 'stopped';
  /**
   * The declared winner’s arm id, once converged
   */
  winner: string | null;
  /**
   * Why a winner is (not yet) declared, by the declaration rule
   */
  reason: string;
  /**
   * The declaration rule: P(best) and sends per arm
   */
  rule: {
    pBest: number;
    minTrialsPerArm: number;
  };
  arms: {
    id: string;
    label: string;
    value: string;
    /**
     * Prospects it was chosen for
     */
    trials: number;
    /**
     * Summed rewards (positive reply or meeting booked 0.75, attended 1)
     */
    successes: number;
    /**
     * Posterior mean reward rate
     */
    mean: number;
    /**
     * 95% credible interval, lower end
     */
    lower: number;
    /**
     * 95% credible interval, upper end
     */
    upper: number;
    /**
     * Probability this arm is the best
     */
    pBest: number;
  }[];
  /**
   * What the declared winner changed (Auto-Apply on), with its evidence
   */
  change: {
    id: string;
    arm: string;
    /**
     * The value made the population’s default at its decision point
     */
    value: string;
    appliedAt: string;
    evidence: {
      pBest: {
        [k: string]: number | undefined;
      };
      counts: {
        arm: string;
        trials: number;
        successes: number;
      }[];
      reason: string;
    };
    rolledBackAt: string | null;
    rolledBackBy: string | null;
  } | null;
  /**
   * Who started it: user:<id> or token:<id>
   */
  createdBy: string;
  createdAt: string;
  endedAt: string | null;
}
export interface PostApiInboundSettingsRotateResponse {
  /**
   * Where an inbound-parse webhook posts raw messages
   */
  url: string;
  /**
   * The header that carries the secret
   */
  header: string;
  /**
   * The workspace's inbound secret (admins only)
   */
  secret: string;
}
export interface PostApiInboxIdArchiveResponse {
  message: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  thread: (
    | {
        kind: 'sent';
        at: string;
        subject: string;
        text: string;
        step: number;
        status: string;
        label: string;
        /**
         * Why it has not gone yet (window, cap…); null once sent
         */
        waitReason: string | null;
      }
    | {
        kind: 'received';
        at: string;
        subject: string;
        text: string;
        id: string;
        category: string;
      }
  )[];
}
export interface PostApiInboxIdBookBody {
  /**
   * When, ISO 8601 with offset: one of the proposed times, or a free slot
   */
  scheduledAt: string;
}
export interface PostApiInboxIdBookResponse {
  message: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  thread: (
    | {
        kind: 'sent';
        at: string;
        subject: string;
        text: string;
        step: number;
        status: string;
        label: string;
        /**
         * Why it has not gone yet (window, cap…); null once sent
         */
        waitReason: string | null;
      }
    | {
        kind: 'received';
        at: string;
        subject: string;
        text: string;
        id: string;
        category: string;
      }
  )[];
  meeting: {
    id: string;
    prospectId: number;
    prospectName: string;
    scheduledAt: string;
    durationMinutes: number;
    status: 'scheduled' | 'completed' | 'no-show' | 'cancelled';
    meetingUrl: string;
    /**
     * When the meeting was booked (the Meeting Scheduler's "This Week" counts these).
     */
    bookedAt: string;
    /**
     * What the prospect answered the invitation from their calendar (an iCalendar REPLY emailed back): accepted, tentative, or declined (which cancelled the meeting); absent until they answer
     */
    rsvp?: 'accepted' | 'tentative' | 'declined';
  };
}
export interface PostApiInboxIdNotInterestedResponse {
  message: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  thread: (
    | {
        kind: 'sent';
        at: string;
        subject: string;
        text: string;
        step: number;
        status: string;
        label: string;
        /**
         * Why it has not gone yet (window, cap…); null once sent
         */
        waitReason: string | null;
      }
    | {
        kind: 'received';
        at: string;
        subject: string;
        text: string;
        id: string;
        category: string;
      }
  )[];
}
export interface PostApiInboxIdReplyBody {
  /**
   * Default: "Re: " and the reply's subject
   */
  subject?: string;
  body: string;
}
export interface PostApiInboxIdReplyResponse {
  message: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  thread: (
    | {
        kind: 'sent';
        at: string;
        subject: string;
        text: string;
        step: number;
        status: string;
        label: string;
        /**
         * Why it has not gone yet (window, cap…); null once sent
         */
        waitReason: string | null;
      }
    | {
        kind: 'received';
        at: string;
        subject: string;
        text: string;
        id: string;
        category: string;
      }
  )[];
  step: number;
}
export interface PostApiInboxIdSuppressResponse {
  message: {
    id: string;
    /**
     * The prospect it came from (null if they were deleted since)
     */
    prospect: {
      id: number;
      name: string;
      company: string;
      jobTitle: string | null;
      email: string;
    } | null;
    from: string;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    /**
     * thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand
     */
    source: 'thread' | 'confirmed' | 'pasted';
    /**
     * Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)
     */
    category: string;
    confidence: number;
    /**
     * What it did to the sequence
     */
    action: 'stop' | 'pause' | 'continue';
    meetingIntent: number;
    returnDate: string | null;
    /**
     * Days and times the reply offers, to book
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    status: 'open' | 'done';
    resolution: ('booked' | 'replied' | 'not-interested' | 'suppressed' | 'archived') | null;
    meetingId: string | null;
    decidedBy: string | null;
    decidedAt: string | null;
  };
  thread: (
    | {
        kind: 'sent';
        at: string;
        subject: string;
        text: string;
        step: number;
        status: string;
        label: string;
        /**
         * Why it has not gone yet (window, cap…); null once sent
         */
        waitReason: string | null;
      }
    | {
        kind: 'received';
        at: string;
        subject: string;
        text: string;
        id: string;
        category: string;
      }
  )[];
}
export interface PostApiInvitationsAcceptBody {
  token: string;
}
export interface PostApiInvitationsAcceptResponse {
  slug: string;
  name: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
}
export interface PostApiInvitationsBody {
  /**
   * The invitee's role: at most the inviter's own
   */
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  /**
   * Only the account with this email may accept
   */
  email?: string;
}
export interface PostApiInvitationsResponse {
  /**
   * Names the invitation in this API (not its link)
   */
  id: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  /**
   * Only this account may accept, when set
   */
  email: string | null;
  createdAt: string;
  expiresAt: string;
  /**
   * The single-use secret: shown this once, stored only as a hash
   */
  token: string;
  /**
   * The path to send the invitee: /invite/<token>
   */
  link: string;
}
export interface PostApiLearningRefitsCycleIdRollbackResponse {
  before: {
    companySize: number;
    industryMatch: number;
    techStack: number;
    jobTitle: number;
    timing?: number;
  };
  /**
   * The weights it applies when applied: the weights in force moved `learningRate` of the way to `fitted`
   */
  proposed: {
    companySize: number;
    industryMatch: number;
    techStack: number;
    jobTitle: number;
    timing?: number;
  };
  /**
   * The weights fitted to the meetings; null when no fit was made (and in refits recorded before the learning rate acted)
   */
  fitted: {
    companySize: number;
    industryMatch: number;
    techStack: number;
    jobTitle: number;
    timing?: number;
  } | null;
  /**
   * The step from the weights in force towards the fit (the learning engine's learningRate); null in refits recorded before it acted
   */
  learningRate: number | null;
  /**
   * The proposed weights ranked the held-out prospects better than the weights in force (DeLong z ≥ 1.645)
   */
  better: boolean;
  /**
   * Its weights were written into the workspace (better, and Auto-Apply Optimizations on)
   */
  applied: boolean;
  /**
   * The Auto-Apply Optimizations switch when the cycle ran
   */
  autoApply: boolean;
  /**
   * Why it was or was not applied; `applied` also when auto-apply was off and it only recommends (see `applied`)
   */
  status: 'applied' | 'too-few-leads' | 'too-few-meetings' | 'no-contrast' | 'no-signal' | 'held-out-too-small' | 'not-better';
  /**
   * Held-out AUC of the weights in force; null when no fit was judged
   */
  aucBefore: number | null;
  /**
   * Held-out AUC of the proposed weights (the step, not the fit); null when no fit was judged
   */
  aucAfter: number | null;
  z: number | null;
  /**
   * Contacted prospects learned from
   */
  sampleSize: number;
  /**
   * Meetings booked among them
   */
  meetings: number;
  trainSize: number;
  /**
   * Prospects held out from the fit to judge it (30%)
   */
  heldOutSize: number;
  heldOutMeetings: number;
  /**
   * Meetings the fitted part needs before a refit is tried
   */
  minMeetings: number;
  minSampleSize: number;
  reason: string;
  /**
   * The learning cycle that refitted (the id to roll it back by)
   */
  cycleId: string;
  /**
   * ISO time the cycle applied or recorded it
   */
  at: string;
  rolledBackAt: string | null;
  rolledBackBy: string | null;
}
export interface PostApiLearningTriggerResponse {
  /**
   * Temporal run id
   */
  runId: string;
  workflowId: string;
  /**
   * The learning cycle's id
   */
  cycleId: string;
}
export interface PostApiMailboxesBody {
  /**
   * Shown as the sender, e.g. "Ada Lane"
   */
  fromName: string;
  /**
   * The address emails are sent from (lowercased; one mailbox per address in a workspace)
   */
  fromAddress: string;
  /**
   * Added below each email; several lines allowed
   */
  signature?: string;
  smtp: {
    /**
     * The SMTP server, e.g. smtp.example.com
     */
    host: string;
    /**
     * Usually 465 (tls), 587 (starttls) or 25
     */
    port: number;
    /**
     * tls: encrypted from the start (465); starttls: upgraded after connecting (587); none: never encrypted
     */
    tls: 'tls' | 'starttls' | 'none';
    /**
     * The SMTP login
     */
    user: string;
  };
  /**
   * Where replies are read over IMAP, with the SMTP login and password; leave out when replies are posted to /api/inbound/email
   */
  imap?: {
    /**
     * The IMAP server, e.g. imap.example.com
     */
    host: string;
    /**
     * Usually 993 (tls) or 143 (starttls)
     */
    port: number;
    /**
     * tls: encrypted from the start (993); starttls: upgraded after connecting (143); none: never encrypted
     */
    tls: 'tls' | 'starttls' | 'none';
  } | null;
  /**
   * The SMTP password: stored encrypted, never shown again
   */
  password: string;
  /**
   * The most emails it sends a day (default 30)
   */
  dailyCap?: number;
}
export interface PostApiMailboxesIdCheckInboxResponse {
  ok: boolean;
  /**
   * Why not: one classified reason ("authentication failed", "connection refused", "TLS required", "TLS failed", "timed out", "address not allowed", "host not found", "connection failed"), never what the server said; or why the stored password cannot be used
   */
  error?: string;
  /**
   * New messages read
   */
  read: number;
  /**
   * Of them, replies threaded to a prospect
   */
  replies: number;
  /**
   * Of them, delivery failure reports
   */
  bounces: number;
  /**
   * Of them, messages from no known prospect, or not email
   */
  ignored: number;
}
export interface PostApiMailboxesIdTestResponse {
  ok: boolean;
  /**
   * Why not, when ok is false: one classified reason, never what the server said
   */
  error?:
    | 'authentication failed'
    | 'connection refused'
    | 'TLS required'
    | 'TLS failed'
    | 'timed out'
    | 'address not allowed'
    | 'host not found'
    | 'connection failed';
}
export interface PostApiMailboxesResponse {
  id: string;
  fromName: string;
  fromAddress: string;
  signature: string;
  smtp: {
    host: string;
    port: number;
    tls: 'tls' | 'starttls' | 'none';
    user: string;
  };
  imap: {
    host: string;
    port: number;
    tls: 'tls' | 'starttls' | 'none';
  } | null;
  /**
   * How reading replies over IMAP goes; null when the mailbox has no IMAP settings or was never checked
   */
  inbox: {
    lastCheckAt: string | null;
    /**
     * Why the last IMAP check failed (a classified reason, or why the stored password cannot be used); null when it worked
     */
    lastError: string | null;
    /**
     * Replies and bounces read over IMAP so far
     */
    received: number;
  } | null;
  /**
   * A password is stored (encrypted); it is never returned
   */
  passwordSet: true;
  status: 'active' | 'paused';
  pausedReason: string | null;
  dailyCap: number;
  /**
   * The last Test connection, null before the first
   */
  lastTest: {
    at: string;
    ok: boolean;
    error:
      | (
          | 'authentication failed'
          | 'connection refused'
          | 'TLS required'
          | 'TLS failed'
          | 'timed out'
          | 'address not allowed'
          | 'host not found'
          | 'connection failed'
        )
      | null;
  } | null;
  /**
   * Also when its warm-up started
   */
  createdAt: string;
  updatedAt: string;
}
export interface PostApiMeetingsBody {
  prospectId: number;
  prospect: {
    name: string;
    email: string;
  };
  scheduledAt: string;
}
export interface PostApiMeetingsIdOutcomeBody {
  outcome: 'completed' | 'no-show' | 'cancelled';
  /**
   * Required to correct an attended meeting to a no-show (owners and admins only): kept in the audit trail
   */
  reason?: string;
}
export interface PostApiMeetingsIdOutcomeResponse {
  id: string;
  prospectId: number;
  prospectName: string;
  scheduledAt: string;
  durationMinutes: number;
  status: 'scheduled' | 'completed' | 'no-show' | 'cancelled';
  meetingUrl: string;
  /**
   * When the meeting was booked (the Meeting Scheduler's "This Week" counts these).
   */
  bookedAt: string;
  /**
   * What the prospect answered the invitation from their calendar (an iCalendar REPLY emailed back): accepted, tentative, or declined (which cancelled the meeting); absent until they answer
   */
  rsvp?: 'accepted' | 'tentative' | 'declined';
}
export interface PostApiMeetingsResponse {
  meeting: {
    id: string;
    prospectId: number;
    prospectName: string;
    scheduledAt: string;
    durationMinutes: number;
    status: 'scheduled' | 'completed' | 'no-show' | 'cancelled';
    meetingUrl: string;
    /**
     * When the meeting was booked (the Meeting Scheduler's "This Week" counts these).
     */
    bookedAt: string;
    /**
     * What the prospect answered the invitation from their calendar (an iCalendar REPLY emailed back): accepted, tentative, or declined (which cancelled the meeting); absent until they answer
     */
    rsvp?: 'accepted' | 'tentative' | 'declined';
  };
  ics: string;
  /**
   * The meeting's event in the workspace's connected calendar
   */
  calendar?: {
    /**
     * created: in the connected calendar (or found there, made by an earlier attempt); pending: the calendar did not answer, the sync adds it; none: no calendar is connected
     */
    event: 'created' | 'pending' | 'none';
    /**
     * Why the event is pending, in plain words
     */
    warning?: string;
  };
}
/**
 * Leave out (or send {}) for a provider whose sign-in fills the whole account
 *
 */
export interface PostApiOauthPluginIdStartBody {
  /**
   * Settings of the account that the provider's sign-in does not answer, typed before it (a CRM with a form: its fields that are not secret, e.g. Pipedrive's company address and two field keys); kept with the state, never secrets
   */
  account?: {
    [k: string]: string | undefined;
  };
}
export interface PostApiOauthPluginIdStartResponse {
  /**
   * The provider's sign-in page to send the browser to (carries the state and the PKCE challenge)
   */
  authorizationUrl: string;
  /**
   * The sign-in must come back before this (10 minutes)
   */
  expiresAt: string;
}
export interface PostApiOutboxApproveAllBody {
  /**
   * Only this campaign
   */
  campaignId?: number;
}
export interface PostApiOutboxApproveAllResponse {
  approved: number;
}
export interface PostApiOutboxIdApproveBody {
  /**
   * The reviewer's subject, sent instead
   */
  subject?: string;
  /**
   * The reviewer's body, sent instead
   */
  body?: string;
}
export interface PostApiOutboxIdApproveResponse {
  id: string;
  prospectId: number;
  prospect: {
    firstName: string;
    lastName: string;
    company: string;
    jobTitle: string | null;
    email: string;
  } | null;
  campaign: {
    id: number;
    name: string;
  } | null;
  step: number;
  subject: string;
  body: string;
  status: 'pending_review' | 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'rejected';
  /**
   * A reviewer changed it: what is sent is the edit
   */
  edited: boolean;
  reviewedBy: string | null;
  reviewedAt: string | null;
  waitingUntil: string | null;
  /**
   * Why it has not gone yet: the daily cap, the sending window, the domain limit…
   */
  waitReason: string | null;
  sentAt: string | null;
  mailbox: {
    id: string;
    fromAddress: string;
  } | null;
  error: string | null;
  /**
   * The researched facts the email cites, each with where it was read
   */
  facts: {
    id: string;
    kind: string;
    value: string;
    evidence: {
      url: string;
      snippet: string;
    };
  }[];
  createdAt: string;
}
export interface PostApiOutboxIdRejectResponse {
  id: string;
  prospectId: number;
  prospect: {
    firstName: string;
    lastName: string;
    company: string;
    jobTitle: string | null;
    email: string;
  } | null;
  campaign: {
    id: number;
    name: string;
  } | null;
  step: number;
  subject: string;
  body: string;
  status: 'pending_review' | 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'rejected';
  /**
   * A reviewer changed it: what is sent is the edit
   */
  edited: boolean;
  reviewedBy: string | null;
  reviewedAt: string | null;
  waitingUntil: string | null;
  /**
   * Why it has not gone yet: the daily cap, the sending window, the domain limit…
   */
  waitReason: string | null;
  sentAt: string | null;
  mailbox: {
    id: string;
    fromAddress: string;
  } | null;
  error: string | null;
  /**
   * The researched facts the email cites, each with where it was read
   */
  facts: {
    id: string;
    kind: string;
    value: string;
    evidence: {
      url: string;
      snippet: string;
    };
  }[];
  createdAt: string;
}
export interface PostApiPipelinesBody {
  id: string;
  name: string;
  version?: number;
  /**
   * @minItems 1
   */
  nodes: {
    id: string;
    activity: string;
    input?: {
      [k: string]: unknown | undefined;
    };
    when?: {
      path: string;
      op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
      value?: unknown;
    };
    timeout?: string;
    heartbeatTimeout?: string;
    label?: string;
    /**
     * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
     */
    retry?: {
      /**
       * Attempts in all, the first included
       */
      maximumAttempts?: number;
      /**
       * Wait before the first retry, e.g. `1 second`
       */
      initialInterval?: string;
      backoffCoefficient?: number;
      /**
       * The longest wait between two attempts
       */
      maximumInterval?: string;
    };
    /**
     * Where the editor draws the step
     */
    position?: {
      x: number;
      y: number;
    };
    /**
     * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
     */
    config?: {
      [k: string]: unknown | undefined;
    };
  }[];
  edges?: {
    from: string;
    to: string;
  }[];
  /**
   * What this version changes, for the version history
   */
  note?: string;
}
export interface PostApiPipelinesIdBatchesBody {
  /**
   * @minItems 1
   * @maxItems 5000
   */
  inputs: unknown[];
  version?: number;
  /**
   * Runs per activity call
   */
  chunkSize?: number;
}
export interface PostApiPipelinesIdBatchesResponse {
  batchId: string;
  workflowId: string;
  firstRunId: string;
  total: number;
}
export interface PostApiPipelinesIdDuplicateBody {
  /**
   * Default `<id>-copy`, then `<id>-copy-2`…
   */
  newId?: string;
  /**
   * Default "Copy of <name>"
   */
  name?: string;
  version?: number;
}
export interface PostApiPipelinesIdDuplicateResponse {
  workspaceId: string;
  pipelineId: string;
  version: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  /**
   * What this version changes, as said when it was saved
   */
  note?: string;
  [k: string]: unknown | undefined;
}
export interface PostApiPipelinesIdRunsBody {
  input?: {
    [k: string]: unknown | undefined;
  };
  version?: number;
}
export interface PostApiPipelinesIdRunsResponse {
  runId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  /**
   * `cancelled`: its batch was cancelled before it finished
   */
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  steps: {
    [k: string]:
      | {
          status: 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
          activity: string;
          /**
           * The version of the plugin (its manifest's) that ran the step, once it has started
           */
          pluginVersion?: string;
          attempts: number;
          startedAt?: string;
          endedAt?: string;
          /**
           * `step-outputs/<runId>/<nodeId>`
           */
          outputRef?: string;
          error?: string;
          /**
           * A step with a condition: whether it held, recorded once the step it reads has completed
           */
          conditionMet?: boolean;
        }
      | undefined;
  };
  workflowId?: string;
  temporalRunId?: string;
  /**
   * When the run itself started (a batch's run: when its first step did, not the batch); absent before then
   */
  startedAt?: string;
  /**
   * When the run itself ended (a batch's run: when the last step it ran did, not the batch); absent while it runs
   */
  endedAt?: string;
  error?: string;
  /**
   * Set on a rerun from a step
   */
  restartedFrom?: {
    runId: string;
    nodeId: string;
  };
  /**
   * Set on a rerun of a whole run
   */
  retryOf?: string;
  /**
   * True for a test run of an unsaved draft from the editor (its version is the one it was drafted from)
   */
  draft?: boolean;
  createdAt: string;
  updatedAt: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  input: unknown;
  [k: string]: unknown | undefined;
}
export interface PostApiPipelinesResponse {
  workspaceId: string;
  pipelineId: string;
  version: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  /**
   * What this version changes, as said when it was saved
   */
  note?: string;
  [k: string]: unknown | undefined;
}
export interface PostApiPipelinesTestRunsBody {
  /**
   * The draft, as POST /api/pipelines takes it (it is checked the same way, and not saved)
   */
  definition: {
    id: string;
    name: string;
    version?: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input?: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges?: {
      from: string;
      to: string;
    }[];
  };
  /**
   * The run input, pasted
   */
  input?: {
    [k: string]: unknown | undefined;
  };
  /**
   * A prospect of the workspace: the run input is built as the prospect pipeline's is (website, prospect, icp, contact, offer, config)
   */
  prospectId?: number;
}
export interface PostApiPipelinesTestRunsResponse {
  runId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  /**
   * `cancelled`: its batch was cancelled before it finished
   */
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  steps: {
    [k: string]:
      | {
          status: 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
          activity: string;
          /**
           * The version of the plugin (its manifest's) that ran the step, once it has started
           */
          pluginVersion?: string;
          attempts: number;
          startedAt?: string;
          endedAt?: string;
          /**
           * `step-outputs/<runId>/<nodeId>`
           */
          outputRef?: string;
          error?: string;
          /**
           * A step with a condition: whether it held, recorded once the step it reads has completed
           */
          conditionMet?: boolean;
        }
      | undefined;
  };
  workflowId?: string;
  temporalRunId?: string;
  /**
   * When the run itself started (a batch's run: when its first step did, not the batch); absent before then
   */
  startedAt?: string;
  /**
   * When the run itself ended (a batch's run: when the last step it ran did, not the batch); absent while it runs
   */
  endedAt?: string;
  error?: string;
  /**
   * Set on a rerun from a step
   */
  restartedFrom?: {
    runId: string;
    nodeId: string;
  };
  /**
   * Set on a rerun of a whole run
   */
  retryOf?: string;
  /**
   * True for a test run of an unsaved draft from the editor (its version is the one it was drafted from)
   */
  draft?: boolean;
  createdAt: string;
  updatedAt: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  input: unknown;
  [k: string]: unknown | undefined;
}
export interface PostApiPipelinesValidateResponse {
  valid: boolean;
  problems: {
    /**
     * Where: a field of the definition (`name`, `nodes.2.id`), `nodes.<id>`, `nodes.<id>.input.<field>`, `nodes.<id>.when`, `edges`
     */
    at: string;
    message: string;
  }[];
}
export interface PostApiPricingBidBody {
  /**
   * The workspace the request acts in, one of the caller's (default: their first, or the API token's own)
   */
  workspaceId?: string;
  /**
   * Stable identifier of the slice within its workspace.
   */
  sliceId: string;
  baseBid: number;
  maxDailyMeetings: number;
  dailyBudgetCap: number;
  isEnabled?: boolean;
}
export interface PostApiPricingBidResponse {
  sliceId: string;
  isEnabled: boolean;
  baseBid: number;
  maxDailyMeetings: number;
  dailyBudgetCap: number;
  ppm: number;
}
export interface PostApiProspectsBody {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  jobTitle?: string;
  website?: string;
  linkedinUrl?: string;
  source?: string;
  score?: number | null;
  industry?: string;
  companySize?: string;
  employeeCount?: number;
  /**
   * True when added from a sample discovery result (the built-in sample database, not a provider); default false.
   */
  sample?: boolean;
}
export interface PostApiProspectsIdSequenceBody {
  /**
   * pause holds the sequence until resumed (later steps move by the time held); stop ends it for good; send-now writes the next step without waiting for its day (in review mode it still waits for approval; the later steps keep their spacing)
   */
  action: 'pause' | 'resume' | 'stop' | 'send-now';
}
export interface PostApiProspectsIdSequenceResponse {
  status: 'active' | 'paused' | 'stopped' | 'completed';
  sentSteps: number[];
  nextStep: number | null;
  /**
   * When the next step goes out; null while a user holds the sequence
   */
  nextSendAt: string | null;
  /**
   * Set by an out-of-office reply: the sequence waits until then
   */
  pausedUntil: string | null;
  stopReason: string | null;
  /**
   * True while a user holds the sequence (until resumed)
   */
  pausedByUser: boolean;
  /**
   * What the due step waits for: a reviewer's approval, or its send (cap, window, domain limit)
   */
  waitingFor: ('review' | 'send') | null;
  /**
   * Why the send waits, in words
   */
  waitReason: string | null;
  /**
   * After an interested reply: where the email offering meeting slots is (null: none was offered)
   */
  meetingProposal: ('drafting' | 'pending_review' | 'sending' | 'sent' | 'rejected' | 'no free slot' | 'failed') | null;
}
export interface PostApiProspectsImportBody {
  /**
   * CSV with a header: firstName,lastName,email,company,jobTitle,industry,website,employeeCount (any case, common aliases)
   */
  csv: string;
}
export interface PostApiProspectsImportResponse {
  imported: number;
  failed: number;
  errors: {
    /**
     * Line of the file (the header is line 1).
     */
    row: number;
    /**
     * Each bad field with why; a known email is `email: "already exists"`.
     */
    errors: {
      [k: string]: string | undefined;
    };
  }[];
  /**
   * Ids of the prospects created, in file order.
   */
  prospects: number[];
}
export interface PostApiProspectsResponse {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  score: number | null;
  industry: string | null;
  /**
   * Where the prospect came from (e.g. linkedin, apollo, csv)
   */
  source: string | null;
  /**
   * True for a fictional person from the built-in sample database: the UI labels it sample data.
   */
  sample: boolean;
  website: string | null;
  linkedinUrl: string | null;
  companySize: string | null;
  employeeCount: number | null;
  createdAt: string;
}
export interface PostApiProspectsSequencesStopBody {
  selection:
    | {
        kind: 'ids';
        /**
         * @minItems 1
         * @maxItems 1000
         */
        ids: number[];
      }
    | {
        kind: 'filter';
        /**
         * The list's filters; every prospect of the workspace matching them is selected
         */
        filter: {
          /**
           * Words matched case-insensitively against the start of the names, company words and email (all words must match).
           */
          search?: string;
          /**
           * An industry, or the start of its words: the prospects whose industry is one the words name in the industry taxonomy (its label or another name for it: 'fin' finds Financial services & fintech, payments, banking…), or whose own label has words starting so.
           */
          industry?: string;
          /**
           * Only prospects scored at least this (unscored ones are left out).
           */
          minScore?: number;
          /**
           * Only prospects scored at most this (unscored ones are left out).
           */
          maxScore?: number;
          /**
           * Exact source the prospect came from (e.g. linkedin, apollo, csv).
           */
          source?: string;
          /**
           * Only the campaign's prospects (a campaign of this workspace).
           */
          campaign?: number;
          /**
           * Where the prospect pipeline's latest run for the prospect stands: not-processed (never run), in-progress, enrolled, not-qualified, completed (ran to the end without a sequence), failed.
           */
          status?: 'not-processed' | 'in-progress' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';
          /**
           * none: never enrolled; running: its sequence runs (active or paused); ended: its sequence completed or was stopped.
           */
          sequence?: 'none' | 'running' | 'ended';
        };
        /**
         * Prospects matching the filter to leave out
         *
         * @maxItems 1000
         */
        exclude?: number[];
      };
}
export interface PostApiProspectsSequencesStopResponse {
  /**
   * Prospects the selection holds
   */
  selected: number;
  /**
   * Sequences stopped (each was running, active or paused)
   */
  stopped: number;
  /**
   * Selected prospects with no running sequence (never enrolled, or it had ended): nothing to stop
   */
  notRunning: number;
}
export interface PostApiRepliesBody {
  prospectId: number;
  body: string;
  subject?: string;
  from?: string;
  receivedAt?: string;
  messageId?: string;
}
export interface PostApiRepliesHeldIdConfirmResponse {
  reply: {
    id: string;
    /**
     * The prospect whose address it came from
     */
    prospectId: number;
    prospect: {
      firstName: string;
      lastName: string;
      company: string;
      email: string;
    } | null;
    from: string;
    fromName: string | null;
    subject: string;
    /**
     * The new text the sender wrote (quoted history removed)
     */
    text: string;
    receivedAt: string;
    status: 'held' | 'confirmed' | 'dismissed';
    decidedBy: string | null;
    decidedAt: string | null;
  };
  handled: {
    classification: {
      category: string;
      action: 'stop' | 'pause' | 'continue';
      confidence: number;
      returnDate: string | null;
      meetingIntent: number;
      /**
       * Days and times the reply offers for a meeting (UTC), with the words they were read from
       */
      proposedTimes: {
        start: string;
        matched: string;
      }[];
      signals: unknown[];
      [k: string]: unknown | undefined;
    };
    sequence: {
      workflowId: string;
      signal: 'reply' | 'unsubscribe';
      state: unknown;
    } | null;
  };
}
export interface PostApiRepliesHeldIdDismissResponse {
  id: string;
  /**
   * The prospect whose address it came from
   */
  prospectId: number;
  prospect: {
    firstName: string;
    lastName: string;
    company: string;
    email: string;
  } | null;
  from: string;
  fromName: string | null;
  subject: string;
  /**
   * The new text the sender wrote (quoted history removed)
   */
  text: string;
  receivedAt: string;
  status: 'held' | 'confirmed' | 'dismissed';
  decidedBy: string | null;
  decidedAt: string | null;
}
export interface PostApiRepliesResponse {
  classification: {
    category: string;
    action: 'stop' | 'pause' | 'continue';
    confidence: number;
    returnDate: string | null;
    meetingIntent: number;
    /**
     * Days and times the reply offers for a meeting (UTC), with the words they were read from
     */
    proposedTimes: {
      start: string;
      matched: string;
    }[];
    signals: unknown[];
    [k: string]: unknown | undefined;
  };
  sequence: {
    workflowId: string;
    signal: 'reply' | 'unsubscribe';
    state: unknown;
  } | null;
}
export interface PostApiRunsIdRerunBody {
  fromStep?: string;
  input?: unknown;
}
export interface PostApiRunsIdRerunResponse {
  runId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  /**
   * `cancelled`: its batch was cancelled before it finished
   */
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  steps: {
    [k: string]:
      | {
          status: 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
          activity: string;
          /**
           * The version of the plugin (its manifest's) that ran the step, once it has started
           */
          pluginVersion?: string;
          attempts: number;
          startedAt?: string;
          endedAt?: string;
          /**
           * `step-outputs/<runId>/<nodeId>`
           */
          outputRef?: string;
          error?: string;
          /**
           * A step with a condition: whether it held, recorded once the step it reads has completed
           */
          conditionMet?: boolean;
        }
      | undefined;
  };
  workflowId?: string;
  temporalRunId?: string;
  /**
   * When the run itself started (a batch's run: when its first step did, not the batch); absent before then
   */
  startedAt?: string;
  /**
   * When the run itself ended (a batch's run: when the last step it ran did, not the batch); absent while it runs
   */
  endedAt?: string;
  error?: string;
  /**
   * Set on a rerun from a step
   */
  restartedFrom?: {
    runId: string;
    nodeId: string;
  };
  /**
   * Set on a rerun of a whole run
   */
  retryOf?: string;
  /**
   * True for a test run of an unsaved draft from the editor (its version is the one it was drafted from)
   */
  draft?: boolean;
  createdAt: string;
  updatedAt: string;
  definition: {
    id: string;
    name: string;
    version: number;
    /**
     * @minItems 1
     */
    nodes: {
      id: string;
      activity: string;
      input: {
        [k: string]: unknown | undefined;
      };
      when?: {
        path: string;
        op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
        value?: unknown;
      };
      timeout?: string;
      heartbeatTimeout?: string;
      label?: string;
      /**
       * How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)
       */
      retry?: {
        /**
         * Attempts in all, the first included
         */
        maximumAttempts?: number;
        /**
         * Wait before the first retry, e.g. `1 second`
         */
        initialInterval?: string;
        backoffCoefficient?: number;
        /**
         * The longest wait between two attempts
         */
        maximumInterval?: string;
      };
      /**
       * Where the editor draws the step
       */
      position?: {
        x: number;
        y: number;
      };
      /**
       * Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field
       */
      config?: {
        [k: string]: unknown | undefined;
      };
    }[];
    edges: {
      from: string;
      to: string;
    }[];
  };
  input: unknown;
  [k: string]: unknown | undefined;
}
export interface PostApiSuperagentAnalyzeIcpBody {
  /**
   * 3 to 10 distinct customer web sites, http(s), each a full address with no spaces around it.
   *
   * @minItems 3
   * @maxItems 10
   */
  urls: string[];
}
export interface PostApiSuperagentAnalyzeIcpResponse {
  icpSlices: {
    name: string;
    description: string;
    /**
     * Mean research confidence of its customers × (0.5 + 0.5 × min(1, customers / 3)) × share of its customers in its main industry.
     */
    confidence: number;
    /**
     * Companies like these: industry companies × size-band share × 0.5 per criteria technology (3 at most), to the nearest 10.
     */
    estimatedVolume: number;
    criteria: {
      /**
       * Industries of the customers in the slice, most common first.
       *
       * @maxItems 50
       */
      industry: string[];
      /**
       * Headcount band spanned by the customers, e.g. "50-200 employees"; "unknown" when no site states one.
       */
      companySize: string;
      /**
       * Buyer and user titles the customers mention, most customers first.
       *
       * @maxItems 50
       */
      jobTitles: string[];
      /**
       * Technologies at least half the customers of the slice use, most common first.
       *
       * @maxItems 50
       */
      techStack: string[];
      /**
       * Problems the customers say their own buyers have, in their words, most common first.
       *
       * @maxItems 50
       */
      painPoints: string[];
    };
  }[];
  /**
   * Mean research confidence over every URL given; a site that could not be read counts 0.
   */
  confidence: number;
  /**
   * What was found where: each site with its evidence, each site that failed and why, how slices were formed.
   */
  analysisNotes: string;
  sourceUrls: string[];
  analyzedAt: string;
}
export interface PostApiSuperagentDiscoverProspectsBody {
  icpCriteria: {
    /**
     * Industries that fit, e.g. ["SaaS"]; synonyms are recognised ("SaaS" = "software as a service").
     *
     * @maxItems 50
     */
    industry: string[];
    /**
     * Employee range: "50-200", "200+", "10-50 employees", "under 50".
     */
    companySize?: string;
    /**
     * Titles of the buyers, e.g. ["VP Sales", "Head of Revenue Operations"].
     *
     * @maxItems 50
     */
    jobTitles: string[];
    /**
     * Technologies the ideal customer uses.
     *
     * @maxItems 50
     */
    techStack?: string[];
    /**
     * Problems the ideal customer has: sources state none, so researched pains are matched by scoring.
     *
     * @maxItems 50
     */
    painPoints?: string[];
    /**
     * Annual revenue range, judged with company size: "$10M-$50M", "$1B+", "under $5M" (bare numbers are millions).
     */
    revenue?: string;
  };
  /**
   * Source ids to search: the installed source plugins' ids without "source-" (GET /api/plugins), e.g. linkedin, crunchbase, apollo, zoominfo. An unconfigured one answers from the built-in sample database (sample: true).
   *
   * @minItems 1
   */
  sources: string[];
  /**
   * How many people to find for a campaign (at most 2000): each source is paged (100 a page, 25 pages at most) until it has that many the workspace may write to; people already prospects, suppressed, emailed in the last 90 days or without an email are left out. Without it, the first 50 of each source.
   */
  targetCount?: number;
  /**
   * The quality floor: the lowest match score listed (0–100). Default: lead scoring's qualification threshold, so only people it would qualify on what the sources say are listed.
   */
  minScore?: number;
  /**
   * List the people below the quality floor too (after those above it). Default false: they are counted in belowFloor.
   */
  includeBelowFloor?: boolean;
}
export interface PostApiSuperagentDiscoverProspectsResponse {
  /**
   * False only when no source could be searched; `error` then says why.
   */
  success: boolean;
  /**
   * Best match first.
   */
  prospects: {
    firstName: string;
    lastName: string;
    jobTitle: string;
    company: string;
    email: string | null;
    /**
     * The first source the person came from (its id).
     */
    source: string;
    /**
     * Every source the person came from (after de-duplication).
     */
    sources: string[];
    /**
     * The lead-scoring total against the criteria.
     */
    matchScore: number;
    /**
     * The strongest lead-scoring reasons, naming the criteria matched (and the revenue fit when a revenue is given).
     */
    matchReason: string;
    industry: string | null;
    /**
     * Employee band, e.g. "51-200 employees"; null when unknown.
     */
    companySize: string | null;
    linkedinUrl: string | null;
    website: string | null;
    enrichmentData: {
      companyRevenue: string | null;
      employeeCount: number | null;
      techStack: string[];
      recentFunding: boolean | null;
    };
    /**
     * True when the person comes from the built-in sample database, not from the provider.
     */
    sample: boolean;
  }[];
  /**
   * Distinct people found across the sources.
   */
  totalFound: number;
  /**
   * (½ criteria coverage + ½ data completeness) × share of sources that answered.
   */
  confidence: number;
  error: string | null;
  /**
   * True when any prospect is sample data.
   */
  sample: boolean;
  /**
   * What each source gave (or why not), what was merged and relaxed.
   */
  notes: string;
  /**
   * The target asked for; null without one.
   */
  targetCount: number | null;
  /**
   * The quality floor applied: the lowest match score listed (unless includeBelowFloor).
   */
  minScore: number;
  /**
   * People found who matched below the floor: not listed unless includeBelowFloor, when they come after the others.
   */
  belowFloor: number;
  /**
   * Whether people below the floor are listed.
   */
  includeBelowFloor: boolean;
  /**
   * People left out, by reason (outside the industries and the connected CRM's customers and open deals always; the others with a target count, zeros without).
   */
  excluded: {
    /**
     * Whose industry is not one of the criteria's (a source that relaxed its filters).
     */
    outsideIndustry: number;
    /**
     * Customers and people on open deals in the connected CRM (by email or company domain).
     */
    inCrm: number;
    alreadyProspect: number;
    suppressed: number;
    contactedRecently: number;
    noEmail: number;
  };
  /**
   * The people left out, each with why (the first 200; `excluded` counts them all).
   */
  leftOut: {
    name: string;
    company: string;
    email: string | null;
    industry: string | null;
    reason: 'outsideIndustry' | 'inCrm' | 'alreadyProspect' | 'suppressed' | 'contactedRecently' | 'noEmail';
  }[];
  /**
   * With a target count: why fewer people than asked were found; null when the target was met.
   */
  shortfall: string | null;
}
export interface PostApiSuperagentProcessProspectBody {
  prospectId: number;
  /**
   * false: answer 202 with the run id at once and follow the run (GET /api/runs/{id}/events), then fetch the result
   */
  wait?: boolean;
}
export interface PostApiSuperagentProcessProspectResponse {
  success: boolean;
  error: string | null;
  /**
   * The pipeline run: open it in the pipeline view, or rerun it from a step
   */
  runId: string;
  data: {
    research?: {
      enrichedData: {
        companyInfo: string;
        painPoints: string[];
        techStack: string[];
      };
      confidence: number;
    };
    scoring?: {
      totalScore: number;
      priority: string;
      reasoning: string;
      confidence: number;
    };
    content?: {
      sequence: {
        step: number;
        dayOffset: number;
        template: string;
        subject: string;
        body: string;
      }[];
      overallStrategy: string;
      expectedResponseRate: number;
      confidence: number;
    };
    outreach?: {
      campaignId: string;
      channels: string[];
      deliveryStatus: string;
      confidence: number;
    };
    metrics: {
      researchConfidence: number;
      scoringConfidence: number;
      finalScore: number;
      contentGenerated: boolean;
      outreachTriggered: boolean;
    };
    recommendations: string[];
  };
}
export interface PostApiSuperagentProcessProspectResponse202 {
  runId: string;
  workflowId: string;
}
export interface PostApiSuppressionsBody {
  /**
   * Addresses and domains; every one is checked first, and one refused entry adds none
   *
   * @minItems 1
   * @maxItems 1000
   */
  entries: string[];
  /**
   * Why they may not be emailed (default "manual"); kept only for entries not already on the list
   */
  reason?: string;
}
export interface PostApiSuppressionsResponse {
  /**
   * Entries that were not on the list and are now
   */
  added: number;
  /**
   * Entries already on the list: left as they were, with their first reason
   */
  alreadyPresent: number;
}
export interface PostApiTokensBody {
  /**
   * What the token is for, e.g. "CRM sync"
   */
  name: string;
  /**
   * What the token may do in the workspace: at most the creator’s own role, now and later (it acts with at most theirs)
   */
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  /**
   * Days until it stops working, 1–365, or null for never; 90 when left out
   */
  expiresInDays?: number | null;
}
export interface PostApiTokensResponse {
  /**
   * Names the token in this API (not the token itself)
   */
  id: string;
  name: string;
  role: 'owner' | 'admin' | 'sales-ops' | 'viewer';
  /**
   * The token's first characters, to tell tokens apart
   */
  prefix: string;
  createdAt: string;
  /**
   * When it was last used (to the minute), null if never
   */
  lastUsedAt: string | null;
  /**
   * When it stops working (401 from then on), null if never
   */
  expiresAt: string | null;
  /**
   * The token: shown this once, stored only as a hash. Send it as `Authorization: Bearer <token>`
   */
  token: string;
}
export interface PostApiUnsubscribeTokenResponse {
  unsubscribed: true;
}
export interface PostApiWebhooksBody {
  /**
   * Where events are POSTed: https (http only to localhost when Meetflow runs locally); never a private or internal address
   */
  url: string;
  /**
   * The event types it receives: prospect.created, prospect.stage_changed, email.sent, reply.received, meeting.booked, meeting.cancelled
   *
   * @minItems 1
   * @maxItems 6
   */
  events: ('prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled')[];
  /**
   * What it is for (optional)
   */
  description?: string;
}
export interface PostApiWebhooksDeliveriesIdReplayResponse {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: 'prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled';
  replayOf: string | null;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  reason: string | null;
  attempts: {
    at: string;
    /**
     * The receiver's HTTP status, or null when none came
     */
    status: number | null;
    durationMs: number;
    /**
     * The first 1 KB of the receiver's answer
     */
    body: string;
    /**
     * Why no status came (connection refused, timed out, address not allowed…)
     */
    error: string | null;
  }[];
  createdAt: string;
}
export interface PostApiWebhooksIdRotateSecretResponse {
  endpoint: {
    id: string;
    url: string;
    description: string;
    events: ('prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled')[];
    enabled: boolean;
    /**
     * Why the platform disabled it (the receiver answered 410 Gone), or null
     */
    disabledReason: string | null;
    /**
     * After a rotation: until when the previous secret still signs beside the new one
     */
    previousSecretUntil: string | null;
    createdBy: string;
    createdAt: string;
  };
  /**
   * The signing secret (whsec_…): shown this once, stored only encrypted
   */
  secret: string;
}
export interface PostApiWebhooksResponse {
  endpoint: {
    id: string;
    url: string;
    description: string;
    events: ('prospect.created' | 'prospect.stage_changed' | 'email.sent' | 'reply.received' | 'meeting.booked' | 'meeting.cancelled')[];
    enabled: boolean;
    /**
     * Why the platform disabled it (the receiver answered 410 Gone), or null
     */
    disabledReason: string | null;
    /**
     * After a rotation: until when the previous secret still signs beside the new one
     */
    previousSecretUntil: string | null;
    createdBy: string;
    createdAt: string;
  };
  /**
   * The signing secret (whsec_…): shown this once, stored only encrypted
   */
  secret: string;
}
export interface PostApiWorkspacesBody {
  /**
   * Shown in the workspace switcher
   */
  name: string;
  /**
   * Its id in URLs (`?workspace=`); made from the name when absent
   */
  slug?: string;
}
export interface PostApiWorkspacesResponse {
  slug: string;
  name: string;
  role: 'owner';
}
export interface PutApiBillingAccountBody {
  /**
   * Where invoices and receipts are sent
   */
  billingEmail: string;
  /**
   * The legal name invoices are made out to
   */
  companyName: string;
  address: {
    line1: string;
    line2?: string | null;
    city: string;
    postalCode: string;
    country: string;
  };
  /**
   * A VAT number, EIN or the like, as written (optional)
   */
  taxId?: string | null;
  /**
   * ISO 4217; only USD for now
   */
  currency?: string;
  /**
   * Meeting credits invoiced at each month's start, in cents (0: no pre-pay); unused credits roll over. Left out: kept as saved (0 on a first save). Sent without prepayMode it is the pre-pay, as it always was (fixed, or off at 0); with prepayMode fixed it is required (more than 0), with bids or off it must be left out or 0
   */
  monthlyPrepayMinor?: number;
  /**
   * How the monthly pre-pay is sized: `bids` from the workspace's bids (each slice's price under its bid × last month's attended meetings in it, capped at the bid's maxDailyMeetings × the month's working days), `fixed` monthlyPrepayMinor, `off` none. Left out: as monthlyPrepayMinor says, or kept as saved
   */
  prepayMode?: 'bids' | 'fixed' | 'off';
  /**
   * The payments plugin invoices go through (Stripe by default). Left out: kept as saved. Switching while an invoice is unpaid is a 409
   */
  provider?: 'payments-stripe' | 'payments-paypal';
}
export interface PutApiBillingAccountResponse {
  account: {
    billingEmail: string;
    companyName: string;
    address: {
      line1: string;
      line2: string | null;
      city: string;
      postalCode: string;
      /**
       * ISO 3166-1 alpha-2
       */
      country: string;
    };
    taxId: string | null;
    currency: 'USD';
    /**
     * Meeting credits invoiced at each month's start, in cents (0: no pre-pay); the fixed pre-pay, 0 while it is sized from bids
     */
    monthlyPrepayMinor: number;
    /**
     * How the pre-pay is sized (`bids`, `fixed`, `off`); absent on an account saved with monthlyPrepayMinor alone, which means what it always did: fixed when more than 0, else off
     */
    prepayMode?: 'bids' | 'fixed' | 'off';
    /**
     * The payments plugin invoices go through
     */
    provider: 'payments-stripe' | 'payments-paypal';
    updatedAt: string;
  } | null;
}
export interface PutApiConfigCadenceTimingBody {
  configValue: {
    step1: number;
    step2: number;
    step3: number;
  };
}
export interface PutApiConfigLearningSettingsBody {
  configValue: {
    automaticCycles: boolean;
    autoApply: boolean;
    emailReports: boolean;
  };
}
export interface PutApiConfigScoringWeightsBody {
  configValue: {
    companySize: number;
    industryMatch: number;
    techStack: number;
    jobTitle: number;
    /**
     * Timing/intent's share; the lead-scoring plugin's timingWeight when left out
     */
    timing?: number;
  };
}
export interface PutApiConfigSendingBody {
  configValue: {
    mode: 'review' | 'autonomous';
    timeZone: string;
    window: {
      /**
       * @minItems 1
       * @maxItems 7
       */
      days: number[];
      start: string;
      end: string;
    };
    gapMinutes: {
      min: number;
      max: number;
    };
    newProspectsPerDomainPerDay: number;
    /**
     * Add an open-tracking pixel to every email (opens are approximate); false when left out
     */
    trackOpens?: boolean;
  };
}
export interface PutApiConfigTemplatePerformanceBody {
  configValue: {
    'roi-focused': number;
    'pain-point': number;
    'value-prop': number;
  };
}
export interface PutApiOfferBody {
  companyName: string;
  website?: string;
  oneLiner: string;
  /**
   * @minItems 2
   * @maxItems 5
   */
  valueProps: {
    pain: string;
    value: string;
  }[];
  /**
   * @maxItems 10
   */
  proofPoints?: {
    text: string;
    customer?: string;
    result?: string;
  }[];
  personas: {
    /**
     * @maxItems 20
     */
    titles: string[];
    /**
     * @maxItems 10
     */
    seniority?: string[];
  };
  tone?: 'formal' | 'plain';
  callToAction: {
    meetingMinutes: number;
    bookingLink?: string;
  };
  senderName: string;
  senderTitle?: string;
  sample?: boolean;
}
export interface PutApiOfferResponse {
  /**
   * Null until someone describes what the workspace sells
   */
  offer: {
    companyName: string;
    website?: string;
    oneLiner: string;
    /**
     * @minItems 2
     * @maxItems 5
     */
    valueProps: {
      pain: string;
      value: string;
    }[];
    /**
     * @maxItems 10
     */
    proofPoints: {
      text: string;
      customer?: string;
      result?: string;
    }[];
    personas: {
      /**
       * @maxItems 20
       */
      titles: string[];
      /**
       * @maxItems 10
       */
      seniority?: string[];
    };
    tone: 'formal' | 'plain';
    callToAction: {
      meetingMinutes: number;
      bookingLink?: string;
    };
    senderName: string;
    senderTitle?: string;
    sample?: boolean;
  } | null;
}
