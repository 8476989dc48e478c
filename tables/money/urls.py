"""The money pages of a club's history section: sessions, the real-table bank, the money
book, imports (``tables.urls`` mounts them under the ``history`` namespace, beside the hand
pages)."""

from django.urls import path

from tables.money import views

urlpatterns = [
    path("sessions/", views.session_list, name="sessions"),
    path("sessions/<int:table_id>/", views.session_detail, name="session"),
    path("sessions/<int:table_id>/paid/", views.mark_paid, name="mark_paid"),
    path("sessions/<int:table_id>/ledger.csv", views.ledger_csv, name="ledger_csv"),
    path("sessions/in-person/", views.in_person_new, name="in_person_new"),
    path("sessions/<int:table_id>/bank/", views.bank, name="bank"),
    path("money/", views.money_book, name="money"),
    path("money/import/", views.import_ledger, name="import"),
    path("money/match/", views.match_guest, name="match_guest"),
    path("money/import/<int:batch_id>/", views.import_match, name="import_match"),
    path("money/pay/", views.pay, name="money_pay"),
    path("money/payments/<int:payment_id>/", views.payment, name="money_payment"),
    path("money/groups/", views.make_group, name="money_group"),
    path("money/groups/<int:group_id>/end/", views.end_group, name="money_group_end"),
    path("money/balances.csv", views.balances_csv, name="money_balances_csv"),
    path("money/payments.csv", views.payments_csv, name="money_payments_csv"),
]
