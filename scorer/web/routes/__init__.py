"""The app's routes, one module per concern: :mod:`.pages` (the HTML pages a phone
opens), :mod:`.photos` (photos read and shown), :mod:`.ledger_api` (the JSON documents of the
CLI). Access (the code, the host, cross-site requests) is the :mod:`scorer.web.guard`
middleware, in front of all of them. Each handler finds what it shares with the others as
``request.app.state.site`` (:class:`scorer.web.site.Site`)."""
