"""The page where a person makes and revokes their API tokens."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.api.models import ApiToken
from games.api.tokens import do_issue_api_token, do_revoke_api_token
from games.services.errors import ActionRejected


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request: HttpRequest) -> HttpResponse:
    new_token = None
    if request.method == "POST":
        try:
            _row, new_token = do_issue_api_token(request.user, request.POST.get("name", ""))
        except ActionRejected as rejected:
            messages.error(request, rejected.message)
    rows = ApiToken.objects.filter(user=request.user)
    return render(request, "history/api_tokens.html", {"tokens": rows, "new_token": new_token})


@login_required
@require_POST
def revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        do_revoke_api_token(request.user, token_id)
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
    else:
        messages.success(request, _("The token is revoked; programs using it are refused from now on."))
    return redirect("games:api_tokens")
