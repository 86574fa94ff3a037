#!/usr/bin/env bash
# A customer's and an admin's journey through the API with curl, against `npm start`.
# Needs curl and jq. Prints each response.
set -euo pipefail
API=${API:-http://127.0.0.1:5000/api}
IDP=${IDP:-http://127.0.0.1:9099}/identitytoolkit.googleapis.com/v1
J='content-type: application/json'

# Customer: sign in with Firebase Auth (the Auth emulator here), exchange the ID token for the
# API's accessToken (PUT /user/{email}), then order, list, delete, review, keep a profile.
ID_TOKEN=$(curl -s "$IDP/accounts:signInWithPassword?key=any" -H "$J" \
  -d '{"email":"customer@sprocket.test","password":"sprocket-customer-pass","returnSecureToken":true}' | jq -r .idToken)
TOKEN=$(curl -s -X PUT "$API/user/customer@sprocket.test" -H "authorization: Bearer $ID_TOKEN" | jq -r .token)
curl -s "$API/parts" | jq '.[0] | {_id, productName, order, quantity, price}'
ORDER=$(curl -s -X POST "$API/ordered" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d '{"partId":"velotrack-cx12-chain","userName":"Casey Customer","address":"1 Chainring Road","number":"5550100","orderQuantity":2}' | tee /dev/stderr | jq -r .insertedId)
curl -s "$API/ordered?email=customer@sprocket.test" -H "authorization: Bearer $TOKEN" | jq '.[] | {_id, partName, orderQuantity, totalPrice, status}'
curl -s -X DELETE "$API/ordered/$ORDER" -H "authorization: Bearer $TOKEN"; echo
curl -s -X POST "$API/reviews" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d '{"productName":"Velotrack CX12 12-Speed Chain","img":"/parts/velotrack-cx12-chain.svg","review":"Quiet and shifts cleanly.","rating":5}'; echo
curl -s -X POST "$API/profiles" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d '{"displayName":"Casey Customer","degree":"BSc","cgpa":"3.75","address":"1 Chainring Road","number":"5550100","linkedin":"https://www.linkedin.com/in/casey"}'; echo
curl -s "$API/profiles?email=customer@sprocket.test" -H "authorization: Bearer $TOKEN" | jq -c .

# Admin: add a part, add stock, see all orders, deliver a paid one, promote, delete the part.
ADMIN_ID=$(curl -s "$IDP/accounts:signInWithPassword?key=any" -H "$J" \
  -d '{"email":"admin@sprocket.test","password":"sprocket-admin-pass","returnSecureToken":true}' | jq -r .idToken)
ADMIN=$(curl -s -X PUT "$API/user/admin@sprocket.test" -H "authorization: Bearer $ADMIN_ID" | jq -r .token)
curl -s "$API/admin/admin@sprocket.test" -H "authorization: Bearer $ADMIN"; echo
PART=$(curl -s -X POST "$API/parts" -H "authorization: Bearer $ADMIN" -H "$J" \
  -d '{"productName":"Trailhead Bottle Cage","img":"/parts/halden-cork-bar-tape.svg","order":2,"quantity":30,"price":1250,"description":"Alloy bottle cage with a rubber-lined grip that holds bottles on rough gravel."}' | tee /dev/stderr | jq -r .insertedId)
curl -s -X PUT "$API/parts/$PART" -H "authorization: Bearer $ADMIN" -H "$J" -d '{"addQuantity":20}'; echo

# The customer orders the new part and pays with the simulated gateway's test card.
PAID=$(curl -s -X POST "$API/ordered" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d "{\"partId\":\"$PART\",\"address\":\"1 Chainring Road\",\"number\":\"5550100\",\"orderQuantity\":2}" | jq -r .insertedId)
SECRET=$(curl -s -X POST "$API/create-payment-intent" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d "{\"orderId\":\"$PAID\"}" | jq -r .clientSecret)
TX=$(curl -s -X POST "$API/payments/simulated/confirm" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d "{\"clientSecret\":\"$SECRET\",\"cardNumber\":\"4242 4242 4242 4242\",\"expMonth\":12,\"expYear\":2030,\"cvc\":\"123\"}" | tee /dev/stderr | jq -r .transactionId)
curl -s -X PATCH "$API/ordered/$PAID" -H "authorization: Bearer $TOKEN" -H "$J" -d "{\"transactionId\":\"$TX\"}"; echo

curl -s "$API/ordered" -H "authorization: Bearer $ADMIN" | jq '.[] | {_id, email, partName, orderQuantity, status}'
curl -s -X PUT "$API/ordered/$PAID" -H "authorization: Bearer $ADMIN" -H "$J" -d '{"delivertext":true}'; echo
curl -s "$API/ordered/$PAID" -H "authorization: Bearer $TOKEN" | jq -c '{status, paid, transactionId, paidAt, deliveredText}'

# Shipped and delivered, then the customer returns one unit, which the admin approves and receives
# (refunded, back in stock; docs/decisions/098).
curl -s -X POST "$API/ordered/$PAID/ship" -H "authorization: Bearer $ADMIN" -H "$J" -d '{"carrier":"Bike Courier","trackingNumber":"BC-1001"}' | jq -c '{status}'
curl -s -X POST "$API/ordered/$PAID/delivered" -H "authorization: Bearer $ADMIN" | jq -c '{status}'
RETURN=$(curl -s -X POST "$API/ordered/$PAID/returns" -H "authorization: Bearer $TOKEN" -H "$J" \
  -d '{"lines":[{"line":0,"quantity":1,"reason":"too_small","note":"Fits a 10-speed"}]}' | tee /dev/stderr | jq -r ._id)
curl -s "$API/admin/returns?status=asked" -H "authorization: Bearer $ADMIN" | jq -c '.[] | {_id, orderNumber, status, amount}'
curl -s -X POST "$API/admin/returns/$RETURN/approve" -H "authorization: Bearer $ADMIN" -H "$J" -d '{"instructions":"Post it to 1 Spoke Street"}' | jq -c '{status, instructions}'
curl -s -X POST "$API/admin/returns/$RETURN/receive" -H "authorization: Bearer $ADMIN" | jq -c '{status, amount, refundId}'

# Make a new mechanic account an admin (promoting the seeded customer would make it one for good).
MECHANIC="mechanic-$RANDOM@sprocket.test"
MECHANIC_ID=$(curl -s "$IDP/accounts:signUp?key=any" -H "$J" \
  -d "{\"email\":\"$MECHANIC\",\"password\":\"mechanic-pass\",\"returnSecureToken\":true}" | jq -r .idToken)
curl -s -X PUT "$API/user/$MECHANIC" -H "authorization: Bearer $MECHANIC_ID" > /dev/null
curl -s "$API/users" -H "authorization: Bearer $ADMIN" | jq -c .
curl -s -X PUT "$API/user/admin/$MECHANIC" -H "authorization: Bearer $ADMIN"; echo
curl -s -X DELETE "$API/parts/$PART" -H "authorization: Bearer $ADMIN"; echo
