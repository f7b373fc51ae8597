from django.urls import path

from wildcards_site.accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("verify/<str:uidb64>/<str:token>/", views.verify, name="verify"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("login-link/", views.login_link_request, name="login_link_request"),
    path("login-link/<str:username>/<str:token>/", views.login_link, name="login_link"),
    path("profile/", views.profile, name="profile"),
    path("profile/bot-account/", views.become_bot_account, name="become_bot_account"),
    path("language/", views.set_language, name="set_language"),
    path("password-reset/", views.password_reset, name="password_reset"),
    path("password-reset/sent/", views.password_reset_done, name="password_reset_done"),
    path("password-reset/<str:uidb64>/<str:token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("password-reset/done/", views.password_reset_complete, name="password_reset_complete"),
]
