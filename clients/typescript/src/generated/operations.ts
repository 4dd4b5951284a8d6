// Generated from docs/openapi.json by clients/typescript/scripts/generate.ts (npm run client:generate): do not edit.

/** Every operation by its operation id, with what the client needs of it at run time. */
export const operations = {
  "event": {
    "record": {
      "path": "/accounting/event/record",
      "idempotent": true,
      "requiresContext": true
    },
    "get": {
      "path": "/accounting/event/get"
    },
    "list": {
      "path": "/accounting/event/list",
      "items": "events"
    }
  },
  "lineage": {
    "list": {
      "path": "/accounting/lineage/list",
      "items": "lineage"
    }
  },
  "reconcile": {
    "report": {
      "path": "/accounting/reconcile/report"
    }
  },
  "export": {
    "create": {
      "path": "/accounting/export/create",
      "idempotent": true,
      "requiresContext": true
    },
    "get": {
      "path": "/accounting/export/get"
    },
    "list": {
      "path": "/accounting/export/list",
      "items": "exports"
    },
    "batch": {
      "create": {
        "path": "/accounting/export/batch/create",
        "idempotent": true,
        "requiresContext": true
      },
      "get": {
        "path": "/accounting/export/batch/get"
      },
      "list": {
        "path": "/accounting/export/batch/list",
        "items": "batches"
      },
      "repair": {
        "path": "/accounting/export/batch/repair",
        "idempotent": true,
        "requiresContext": true
      },
      "status": {
        "set": {
          "path": "/accounting/export/batch/status/set",
          "requiresContext": true
        }
      }
    },
    "schedule": {
      "create": {
        "path": "/accounting/export/schedule/create",
        "idempotent": true,
        "requiresContext": true
      },
      "get": {
        "path": "/accounting/export/schedule/get"
      },
      "list": {
        "path": "/accounting/export/schedule/list",
        "items": "schedules"
      },
      "status": {
        "set": {
          "path": "/accounting/export/schedule/status/set",
          "requiresContext": true
        }
      }
    },
    "files": {
      "path": "/accounting/export/files"
    }
  },
  "invoice": {
    "set": {
      "path": "/accounting/invoice/set"
    },
    "get": {
      "path": "/accounting/invoice/get"
    },
    "list": {
      "path": "/accounting/invoice/list",
      "items": "invoices"
    },
    "status": {
      "set": {
        "path": "/accounting/invoice/status/set"
      }
    },
    "payment": {
      "apply": {
        "path": "/accounting/invoice/payment/apply",
        "idempotent": true
      },
      "list": {
        "path": "/accounting/invoice/payment/list",
        "items": "payments"
      }
    }
  },
  "ar": {
    "aging": {
      "report": {
        "path": "/accounting/ar/aging/report"
      }
    },
    "balance": {
      "path": "/accounting/ar/balance"
    },
    "statement": {
      "path": "/accounting/ar/statement"
    }
  },
  "commission": {
    "get": {
      "path": "/accounting/commission/get"
    },
    "list": {
      "path": "/accounting/commission/list",
      "items": "commissions"
    },
    "adjust": {
      "path": "/accounting/commission/adjust",
      "idempotent": true
    },
    "split": {
      "set": {
        "path": "/accounting/commission/split/set"
      }
    },
    "payout": {
      "create": {
        "path": "/accounting/commission/payout/create",
        "idempotent": true
      },
      "get": {
        "path": "/accounting/commission/payout/get"
      },
      "list": {
        "path": "/accounting/commission/payout/list",
        "items": "payouts"
      },
      "status": {
        "set": {
          "path": "/accounting/commission/payout/status/set"
        }
      }
    },
    "statement": {
      "path": "/accounting/commission/statement"
    }
  },
  "storage": {
    "usage": {
      "record": {
        "path": "/accounting/storage/usage/record",
        "idempotent": true,
        "requiresContext": true
      },
      "get": {
        "path": "/accounting/storage/usage/get"
      },
      "list": {
        "path": "/accounting/storage/usage/list",
        "items": "usages"
      },
      "reconcile": {
        "path": "/accounting/storage/usage/reconcile"
      }
    }
  },
  "rollup": {
    "financial": {
      "get": {
        "path": "/accounting/rollup/financial/get"
      },
      "list": {
        "path": "/accounting/rollup/financial/list",
        "items": "rollups"
      }
    }
  },
  "usage": {
    "rollup": {
      "get": {
        "path": "/accounting/usage/rollup/get"
      },
      "list": {
        "path": "/accounting/usage/rollup/list",
        "items": "rollups"
      }
    }
  },
  "comment": {
    "add": {
      "path": "/accounting/comment",
      "idempotent": true
    },
    "get": {
      "path": "/accounting/comment/get"
    },
    "list": {
      "path": "/accounting/comment/list",
      "items": "comments"
    },
    "revise": {
      "path": "/accounting/comment/revise"
    },
    "status": {
      "path": "/accounting/comment/status"
    },
    "report": {
      "path": "/accounting/comment/report"
    }
  },
  "inbox": {
    "create": {
      "path": "/accounting/inbox/create"
    },
    "get": {
      "path": "/accounting/inbox/get"
    },
    "list": {
      "path": "/accounting/inbox/list",
      "items": "items"
    },
    "status": {
      "path": "/accounting/inbox/status"
    },
    "state": {
      "path": "/accounting/inbox/state"
    }
  },
  "gl": {
    "mapping": {
      "set": {
        "path": "/accounting/gl/mapping/set",
        "idempotent": true
      },
      "get": {
        "path": "/accounting/gl/mapping/get"
      },
      "list": {
        "path": "/accounting/gl/mapping/list",
        "items": "mappings"
      }
    },
    "coverage": {
      "report": {
        "path": "/accounting/gl/coverage/report"
      }
    },
    "period": {
      "close": {
        "path": "/accounting/gl/period/close"
      },
      "list": {
        "path": "/accounting/gl/period/list"
      }
    },
    "trial_balance": {
      "path": "/accounting/gl/trial-balance"
    }
  }
} as const;
